extension ChildProcess {
    /// What to launch and how.
    package struct Configuration: Sendable {
        /// The executable's absolute path (inside the sandbox, when there is one).
        package var executable: String
        /// Arguments after the program name.
        package var arguments: [String]
        /// The child's whole environment; `APPEX_CHANNEL_FD` is added.
        package var environment: [String: String]
        /// The sandbox, or `nil` to run unsandboxed (tests, trusted tools).
        package var sandbox: SandboxProfile?
        /// Memory and wall-clock limits.
        package var limits: ProcessLimits
        /// What the host's end of the channel accepts.
        package var channelLimits: ChannelLimits
        /// Further descriptors for the child, by number. Numbers 0–2 not given here are
        /// /dev/null unless ``captures`` names them; ``channelNumber`` is the channel.
        package var descriptors: [Int32: OwnedFileDescriptor]
        /// The standard streams (1, 2) that go to one pipe whose last 16 KiB the host keeps
        /// (``ChildProcess/output(waitingUpTo:)``), read by the event loop.
        package var captures: Set<Int32>
        /// Where the child finds its end of the channel: ``channelDescriptor`` unless the
        /// child speaks another protocol there (Chromium's DevTools pipe reads 3 and writes 4).
        package var channelNumber: Int32 = Configuration.channelDescriptor
        /// The descriptor number of the channel in the child, by default.
        package static let channelDescriptor: Int32 = 3
        /// The environment variable that names the channel descriptor.
        package static let channelEnvironmentVariable = "APPEX_CHANNEL_FD"

        /// Creates a configuration.
        package init(executable: String, arguments: [String] = [], environment: [String: String] = [:],
                    sandbox: SandboxProfile? = SandboxProfile(), limits: ProcessLimits = ProcessLimits(),
                    channelLimits: ChannelLimits = .default, descriptors: [Int32: OwnedFileDescriptor] = [:],
                    captures: Set<Int32> = []) {
            self.executable = executable
            self.arguments = arguments
            self.environment = environment
            self.sandbox = sandbox
            self.limits = limits
            self.channelLimits = channelLimits
            self.descriptors = descriptors
            self.captures = captures.intersection([1, 2])
        }
    }
}
