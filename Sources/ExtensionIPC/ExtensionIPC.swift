// ExtensionIPC: frames, descriptor passing, child processes and the sandbox.
