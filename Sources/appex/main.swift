import AppexCLI
import Foundation

exit(AppexCommand.execute(Array(CommandLine.arguments.dropFirst())))
