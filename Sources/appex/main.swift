import AppexCLI

AppexCommand.main()
