/// What the runtime keeps for a request and tells when the request is over (completed,
/// cancelled, or the host went away), before the process ends: a view controller is
/// dismissed then.
protocol RequestEnding: Sendable {
    func requestEnded() async
}
