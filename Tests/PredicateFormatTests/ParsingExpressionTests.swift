import PredicateFormat
import Testing

/// Key paths, collection operators, subscripts, variables, functions, SUBQUERY and set operations.
@Suite struct ParsingExpressionTests {
    typealias T = SyntaxTree

    static let expressions: [ExpressionCase] = [
        ExpressionCase("single key", "name", T.key("name")),
        ExpressionCase("key path", "a.b.c", T.key("a.b.c")),
        ExpressionCase("underscore and digits", "_a1.b_2", T.key("_a1.b_2")),
        ExpressionCase("non-ASCII key", "größe", T.key("größe")),
        ExpressionCase("@count", "items.@count", T.key("items.@count")),
        ExpressionCase("@sum", "items.@sum.price", T.key("items.@sum.price")),
        ExpressionCase("@avg @min @max", "{a.@avg, a.@min, a.@max}",
                       .aggregate([T.key("a.@avg"), T.key("a.@min"), T.key("a.@max")])),
        ExpressionCase("@distinctUnionOfObjects", "a.@distinctUnionOfObjects.b", T.key("a.@distinctUnionOfObjects.b")),
        ExpressionCase("@unionOfObjects", "a.@unionOfObjects.b", T.key("a.@unionOfObjects.b")),
        ExpressionCase("leading collection operator", "@count", T.key("@count")),
        ExpressionCase("reserved word after a dot", "file.size", T.key("file.size")),
        ExpressionCase("variable", "$x", T.variable("x")),
        ExpressionCase("variable key path", "$x.attachments", T.key(T.variable("x"), "attachments")),
        ExpressionCase("variable long key path", "$x.a.@count", T.key(T.variable("x"), "a.@count")),
        ExpressionCase("SELF key path", "SELF.name", T.key(.evaluatedObject, "name")),
        ExpressionCase("index", "a[0]", .index(IndexExpression(T.key("a"), .expression(T.int(0))))),
        ExpressionCase("FIRST", "a[FIRST]", .index(IndexExpression(T.key("a"), .first))),
        ExpressionCase("LAST lowercase", "a[last]", .index(IndexExpression(T.key("a"), .last))),
        ExpressionCase("SIZE", "a[SIZE]", .index(IndexExpression(T.key("a"), .size))),
        ExpressionCase("dictionary key", "d[\"key\"]", .index(IndexExpression(T.key("d"), .expression(T.string("key"))))),
        ExpressionCase("index then key", "a[0].b",
                       T.key(.index(IndexExpression(T.key("a"), .expression(T.int(0)))), "b")),
        ExpressionCase("index twice", "a[0][1]",
                       .index(IndexExpression(.index(IndexExpression(T.key("a"), .expression(T.int(0)))), .expression(T.int(1))))),
        ExpressionCase("index by expression", "a[i + 1]",
                       .index(IndexExpression(T.key("a"), .expression(T.arithmetic(T.key("i"), .add, T.int(1)))))),
        ExpressionCase("function", "sum({1, 2})", .function(FunctionExpression("sum", [.aggregate([T.int(1), T.int(2)])]))),
        ExpressionCase("function name case-insensitive", "AVERAGE(a)", .function(FunctionExpression("average", [T.key("a")]))),
        ExpressionCase("function without arguments", "now()", .function(FunctionExpression("now", []))),
        ExpressionCase("function with several arguments", "max(1, 2, 3)",
                       .function(FunctionExpression("max", [T.int(1), T.int(2), T.int(3)]))),
        ExpressionCase("function result key", "max(a).b", T.key(.function(FunctionExpression("max", [T.key("a")])), "b")),
        ExpressionCase("SUBQUERY", "SUBQUERY(items, $i, $i.price > 5)",
                       T.subquery(T.key("items"), "i", T.compare(T.key(T.variable("i"), "price"), .greaterThan, T.int(5)))),
        ExpressionCase("subquery lowercase with @count", "subquery(items, $i, TRUEPREDICATE).@count",
                       T.key(T.subquery(T.key("items"), "i", .constant(true)), "@count")),
        ExpressionCase("UNION", "a UNION b", .setOperation(SetExpression(T.key("a"), .union, T.key("b")))),
        ExpressionCase("INTERSECT", "a intersect b", .setOperation(SetExpression(T.key("a"), .intersect, T.key("b")))),
        ExpressionCase("MINUS", "a MINUS {1}", .setOperation(SetExpression(T.key("a"), .minus, .aggregate([T.int(1)])))),
        ExpressionCase("keyed constant", "'abc'.length", T.key(T.string("abc"), "length")),
        ExpressionCase("number then key", "5.description", T.key(T.int(5), "description")),
    ]

    @Test("expressions", arguments: expressions)
    func parsesExpression(_ testCase: ExpressionCase) throws {
        #expect(try FormatExpression(format: testCase.source) == testCase.expected)
    }

    static let builtinFunctions = [
        "sum", "count", "min", "max", "average", "median", "mode", "stddev", "sqrt", "log", "ln",
        "exp", "floor", "ceiling", "abs", "trunc", "random", "randomn", "now",
    ]

    @Test("every built-in function name parses", arguments: builtinFunctions)
    func parsesBuiltin(_ name: String) throws {
        #expect(try FormatExpression(format: "\(name)(x)") == .function(FunctionExpression(name, [T.key("x")])))
    }

    @Test("Apple's PDF-only example parses to the exact tree")
    func applePDFExample() throws {
        let source = """
            SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, \
            ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count == \
            $extensionItem.attachments.@count).@count == 1
            """
        let attachments = T.key(T.variable("extensionItem"), "attachments")
        let inner = T.subquery(attachments, "attachment", T.attachmentConforms("com.adobe.pdf"))
        let outer = T.subquery(
            T.key("extensionItems"), "extensionItem",
            T.compare(T.key(inner, "@count"), .equalTo, T.key(T.variable("extensionItem"), "attachments.@count")))
        #expect(try FormatPredicate(format: source) == T.compare(T.key(outer, "@count"), .equalTo, T.int(1)))
    }
}
