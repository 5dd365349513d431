import PredicateFormat
import Testing

/// Every real activation rule of the corpus, compiled and evaluated against typical share
/// objects: the compiled form gives the evaluator's answer for each.
@Suite struct CompilationCorpusTests {
    static let jpeg = ["public.jpeg", "public.file-url"]
    static let png = ["public.png"]
    static let pdf = ["com.adobe.pdf", "public.file-url"]
    static let url = ["public.url"]
    static let text = ["public.plain-text"]
    static let movie = ["public.mpeg-4", "public.file-url"]
    static let zip = ["public.zip-archive"]
    static let epub = ["org.idpf.epub-container"]
    static let unknown = ["com.example.unknown"]

    /// Typical share objects, by name.
    static let objects: [(String, PredicateValue)] = [
        ("nothing", EV.share([])),
        ("an item without attachments", EV.share([[]])),
        ("one jpeg", EV.share([[jpeg]])),
        ("two images", EV.share([[jpeg, png]])),
        ("one pdf", EV.share([[pdf]])),
        ("pdf and jpeg", EV.share([[pdf, jpeg]])),
        ("a url", EV.share([[url]])),
        ("a url and text", EV.share([[url, text]])),
        ("text", EV.share([[text]])),
        ("a movie", EV.share([[movie]])),
        ("a zip", EV.share([[zip]])),
        ("an epub", EV.share([[epub]])),
        ("an unknown type", EV.share([[unknown]])),
        ("two items", EV.share([[jpeg], [url]])),
        ("three urls", EV.share([[url, url, url]])),
        ("not a share object", ["extensionItems": "public.jpeg"]),
    ]

    @Test(arguments: CorpusRoundTripTests.rules)
    func corpusRuleAgrees(_ rule: CorpusRoundTripTests.Rule) throws {
        let predicate = try FormatPredicate(format: rule.source)
        let compiled = try predicate.compiled()
        var answers: Set<Bool> = []
        for (name, object) in Self.objects {
            let walked = Outcome { () throws(PredicateEvaluationError) -> Bool in try predicate.evaluate(with: object) }
            let fast = Outcome { () throws(PredicateEvaluationError) -> Bool in try compiled.evaluate(with: object) }
            #expect(fast == walked, "\(name)")
            if case .value(let b) = fast { answers.insert(b) }
        }
        if predicate != .constant(true) {
            #expect(answers == [true, false], "the objects should both activate and not activate the rule")
        }
    }
}
