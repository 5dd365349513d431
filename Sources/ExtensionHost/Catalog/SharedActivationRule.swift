import ExtensionManifest
import Synchronization

/// One activation rule, prepared once for every installed extension that keeps it, with
/// its last decision.
///
/// A catalog often keeps the same rule many times (the Xcode template's, a SUBQUERY copied
/// from app to app: the corpus's 95 Info.plists have 74 distinct rules), and a share decides
/// one payload for each extension. Extensions that keep the same rule and declare no types
/// of their own share one of these (``BundleReading``): the predicate is compiled once, and
/// a payload already decided gets the same decision back — its explanation, made when
/// first read, too.
package final class SharedActivationRule: Sendable {
    /// The rule.
    package let rule: ActivationRule
    private let state = Mutex<State>(State())

    private struct State: Sendable {
        var prepared: PreparedActivationRule?
        var last: (payload: ActivationPayload, decision: ActivationDecision)?
    }

    /// Shares `rule`, to be decided with the shared type registry.
    package init(_ rule: ActivationRule) {
        self.rule = rule
    }

    /// The rule's decision for `payload`: the last one when `payload` is the last payload.
    package func decide(_ payload: ActivationPayload) -> ActivationDecision {
        let (prepared, last) = state.withLock { ($0.prepared, $0.last) }
        if let last, last.payload == payload { return last.decision }
        // Prepared and decided outside the lock: two first callers may both do it.
        let ready = prepared ?? PreparedActivationRule(rule)
        let decision = ready.decide(payload)
        state.withLock { state in
            state.prepared = state.prepared ?? ready
            state.last = (payload, decision)
        }
        return decision
    }
}
