import AppexCLI
import Foundation

exit(await AppexCommand.execute(Array(CommandLine.arguments.dropFirst())))
