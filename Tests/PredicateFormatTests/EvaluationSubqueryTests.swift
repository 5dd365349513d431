import Testing
import PredicateFormat

/// SUBQUERY, UTI operators and activation rules built as trees.
@Suite struct EvaluationSubqueryTests {
    /// `ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO type`.
    static func conforms(_ type: String) -> FormatPredicate {
        EV.cmp(EV.v("attachment", "registeredTypeIdentifiers"), .utiConformsTo, EV.c(.string(type)), .any)
    }

    /// Apple's "exactly one item, all of whose attachments conform to `type`" rule.
    static func exactlyOneItemAll(_ type: String) -> FormatPredicate {
        let inner = EV.sub(EV.v("extensionItem", "attachments"), "attachment", conforms(type))
        let item = EV.cmp(EV.count(inner), .equalTo, EV.count(EV.v("extensionItem", "attachments")))
        return EV.cmp(EV.count(EV.sub(EV.kp("extensionItems"), "extensionItem", item)), .equalTo, EV.c(1))
    }

    /// "At least one attachment anywhere conforms to one of `types`".
    static func anyAttachment(_ types: String...) -> FormatPredicate {
        let test = FormatPredicate.compound(CompoundPredicate(.or, types.map(conforms)))
        let inner = EV.sub(EV.v("extensionItem", "attachments"), "attachment", test)
        let item = EV.cmp(EV.count(inner), .greaterThanOrEqualTo, EV.c(1))
        return EV.cmp(EV.count(EV.sub(EV.kp("extensionItems"), "extensionItem", item)), .greaterThanOrEqualTo, EV.c(1))
    }

    static let pdf = ["com.adobe.pdf", "public.file-url"]
    static let jpeg = ["public.jpeg", "public.file-url"]

    static let cases: [EvalCase] = [
        .init("Apple PDF rule: one PDF", exactlyOneItemAll("com.adobe.pdf"), true, on: EV.share([[pdf]])),
        .init("Apple PDF rule: two PDFs in one item", exactlyOneItemAll("com.adobe.pdf"), true, on: EV.share([[pdf, pdf]])),
        .init("Apple PDF rule: PDF and JPEG", exactlyOneItemAll("com.adobe.pdf"), false, on: EV.share([[pdf, jpeg]])),
        .init("Apple PDF rule: two items", exactlyOneItemAll("com.adobe.pdf"), false, on: EV.share([[pdf], [pdf]])),
        .init("Apple PDF rule: no items", exactlyOneItemAll("com.adobe.pdf"), false, on: EV.share([])),
        .init("Apple PDF rule: item without attachments", exactlyOneItemAll("com.adobe.pdf"), true, on: EV.share([[]])),
        .init("image rule: jpeg", anyAttachment("public.image"), true, on: EV.share([[jpeg]])),
        .init("image rule: gif via com.compuserve.gif", anyAttachment("public.image"), true, on: EV.share([[["com.compuserve.gif"]]])),
        .init("image rule: heic via heif-standard", anyAttachment("public.image"), true, on: EV.share([[["public.heic"]]])),
        .init("image rule: pdf", anyAttachment("public.image"), false, on: EV.share([[pdf]])),
        .init("image rule: second item matches", anyAttachment("public.image"), true, on: EV.share([[pdf], [jpeg]])),
        .init("content rule: pdf conforms to public.content", anyAttachment("public.content"), true, on: EV.share([[["com.adobe.pdf"]]])),
        .init("url or text: plain text", anyAttachment("public.url", "public.plain-text"), true, on: EV.share([[["public.plain-text"]]])),
        .init("url or text: file url is a url", anyAttachment("public.url"), true, on: EV.share([[["public.file-url"]]])),
        .init("unknown type conforms only to itself", anyAttachment("com.example.thing"), true, on: EV.share([[["com.example.thing"]]])),
        .init("unknown type does not conform to data", anyAttachment("public.data"), false, on: EV.share([[["com.example.thing"]]])),
        .init("case-insensitive identifiers", anyAttachment("public.image"), true, on: EV.share([[["Public.JPEG"]]])),
        .init("registeredTypeIdentifiers.@count",
              EV.cmp(EV.count(EV.sub(EV.kp("extensionItems.attachments"), "a", .constant(true))), .equalTo, EV.c(1)), true,
              on: EV.share([[pdf, jpeg]])),
        .init("key path over arrays gives array of arrays",
              EV.cmp(EV.kp("extensionItems.attachments"), .equalTo,
                    EV.c([[["registeredTypeIdentifiers": ["public.jpeg"]]]])), true, on: EV.share([[["public.jpeg"]]])),
        .init("SUBQUERY result compared as array",
              EV.cmp(EV.sub(EV.kp("scores"), "s", EV.cmp(EV.v("s"), .greaterThan, EV.c(5))), .equalTo, EV.c([10, 27])), true),
        .init("SUBQUERY over dictionary values",
              EV.cmp(EV.count(EV.sub(EV.kp("address"), "x", EV.cmp(EV.v("x"), .beginsWith, EV.c("B")))), .equalTo, EV.c(1)), true),
        .init("SUBQUERY over null is empty",
              EV.cmp(EV.count(EV.sub(EV.kp("nope"), "x", .constant(true))), .equalTo, EV.c(0)), true),
        .init("SUBQUERY variable shadows substitution",
              EV.cmp(EV.count(EV.sub(EV.kp("tags"), "t", EV.cmp(EV.v("t"), .equalTo, EV.c("x")))), .equalTo, EV.c(1)), true),
        .init("$var.@count inside SUBQUERY",
              EV.cmp(EV.count(EV.sub(EV.kp("extensionItems"), "i", EV.cmp(EV.v("i", "attachments.@count"), .equalTo, EV.c(2)))), .equalTo, EV.c(1)),
              true, on: EV.share([[pdf, jpeg], [pdf]])),
        .init("UTI-CONFORMS-TO non-string is false", EV.cmp(EV.kp("age"), .utiConformsTo, EV.c("public.data")), false),
        .init("UTI-CONFORMS-TO reflexive", EV.cmp(EV.c("public.jpeg"), .utiConformsTo, EV.c("public.jpeg")), true),
        .init("UTI-CONFORMS-TO transitive", EV.cmp(EV.c("public.jpeg"), .utiConformsTo, EV.c("public.data")), true),
        .init("UTI-CONFORMS-TO not upward", EV.cmp(EV.c("public.image"), .utiConformsTo, EV.c("public.jpeg")), false),
        .init("ALL UTI-CONFORMS-TO", EV.cmp(EV.c(["public.jpeg", "public.png"]), .utiConformsTo, EV.c("public.image"), .all), true),
        .init("NONE UTI-CONFORMS-TO", EV.cmp(EV.c(["public.jpeg", "public.png"]), .utiConformsTo, EV.c("public.movie"), .none), true),
        .init("ANY UTI-EQUALS", EV.cmp(EV.c(["public.jpeg", "public.png"]), .utiEquals, EV.c("PUBLIC.PNG"), .any), true),
    ]

    @Test(arguments: cases)
    func subqueryAndTypes(_ c: EvalCase) throws {
        #expect(try c.predicate.evaluate(with: c.object) == c.expected)
    }

    @Test func privateRegistryWithBundleTypes() throws {
        let registry = TypeRegistry()
        try registry.register([TypeDeclaration("com.example.sketch", conformsTo: ["public.image"])])
        let rule = Self.anyAttachment("public.image")
        let object = EV.share([[["com.example.sketch"]]])
        #expect(try rule.evaluate(with: object, options: .init(typeRegistry: registry)) == true)
        #expect(try rule.evaluate(with: object) == false)
    }

    @Test func nestedSubqueriesBindIndependently() throws {
        // SUBQUERY(a, $x, SUBQUERY(b, $x, $x == 2).@count == 1 AND $x == 1).@count == 1
        let inner = EV.cmp(EV.count(EV.sub(EV.kp("b"), "x", EV.cmp(EV.v("x"), .equalTo, EV.c(2)))), .equalTo, EV.c(1))
        let outer = EV.sub(EV.kp("a"), "x", EV.and(inner, EV.cmp(EV.v("x"), .equalTo, EV.c(1))))
        let p = EV.cmp(EV.count(outer), .equalTo, EV.c(1))
        #expect(try p.evaluate(with: ["a": [1, 3], "b": [2, 5]]) == true)
    }
}
