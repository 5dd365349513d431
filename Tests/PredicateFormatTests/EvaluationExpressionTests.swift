import Foundation
import Testing
import PredicateFormat

/// Expression values: key paths (KVC), collection operators, functions, arithmetic,
/// subscripts and set operations.
@Suite struct EvaluationExpressionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let expression: FormatExpression
        let expected: PredicateValue
        init(_ name: String, _ expression: FormatExpression, _ expected: PredicateValue) {
            self.name = name; self.expression = expression; self.expected = expected
        }
        var testDescription: String { name }
    }

    static func f(_ name: String, _ args: FormatExpression...) -> FormatExpression {
        .function(FunctionExpression(name, args))
    }
    static func a(_ l: FormatExpression, _ op: ArithmeticExpression.Operator, _ r: FormatExpression) -> FormatExpression {
        .arithmetic(ArithmeticExpression(l, op, r))
    }
    static func ix(_ base: FormatExpression, _ i: IndexExpression.Subscript) -> FormatExpression {
        .index(IndexExpression(base, i))
    }
    static func set(_ l: FormatExpression, _ op: SetExpression.Operator, _ r: FormatExpression) -> FormatExpression {
        .setOperation(SetExpression(l, op, r))
    }

    static let cases: [Case] = [
        .init("key", EV.kp("name"), "Benson"),
        .init("nested key", EV.kp("address.city"), "Berlin"),
        .init("missing key", EV.kp("nope"), nil),
        .init("key maps over array, keeping nulls", EV.kp("items.price"), [4, 7.5, nil]),
        .init("string length", EV.kp("name.length"), 6),
        .init("@count", EV.kp("tags.@count"), 3),
        .init("@count of dictionary", EV.kp("address.@count"), 2),
        .init("@count of empty", EV.kp("empty.@count"), 0),
        .init("@count of missing", EV.kp("nope.@count"), nil),
        .init("@count of a number", EV.kp("age.@count"), nil),
        .init("@sum ints", EV.kp("scores.@sum"), 40),
        .init("@sum.key mixed skips null", EV.kp("items.@sum.price"), 11.5),
        .init("@avg", EV.kp("scores.@avg"), .double(40.0 / 3)),
        .init("@avg of empty", EV.kp("empty.@avg"), nil),
        .init("@min", EV.kp("scores.@min"), 3),
        .init("@max", EV.kp("scores.@max"), 27),
        .init("@max strings", EV.kp("tags.@max"), "x"),
        .init("@max.key", EV.kp("items.@max.price"), 7.5),
        .init("@min of empty", EV.kp("empty.@min"), nil),
        .init("@unionOfObjects.key", EV.kp("items.@unionOfObjects.name"), ["a", "b", "c"]),
        .init("@distinctUnionOfObjects", .keyPath(.init(base: EV.c([1, 2, 1, 1.0, 3]), ["@distinctUnionOfObjects"])), [1, 2, 3]),
        .init("@unionOfArrays", .keyPath(.init(base: EV.c([[1, 2], [2], nil]), ["@unionOfArrays"])), [1, 2, 2]),
        .init("@distinctUnionOfArrays", .keyPath(.init(base: EV.c([[1, 2], [2]]), ["@distinctUnionOfArrays"])), [1, 2]),
        .init("array of arrays", .keyPath(.init(base: EV.c([["a": [1, 2]], ["a": [3]]]), ["a"])), [[1, 2], [3]]),
        .init("@count after mapping counts outer", .keyPath(.init(base: EV.c([["a": [1, 2]], ["a": [3]]]), ["a", "@count"])), 2),
        .init("self key", .keyPath(.init(base: EV.c(5), ["self"])), 5),
        .init("FIRST", ix(EV.kp("tags"), .first), "swift"),
        .init("LAST", ix(EV.kp("tags"), .last), "x"),
        .init("SIZE", ix(EV.kp("tags"), .size), 3),
        .init("index", ix(EV.kp("tags"), .expression(EV.c(1))), "linux"),
        .init("negative index is null", ix(EV.kp("tags"), .expression(EV.c(-1))), nil),
        .init("dictionary subscript", ix(EV.kp("address"), .expression(EV.c("city"))), "Berlin"),
        .init("subscript of null", ix(EV.kp("nope"), .first), nil),
        .init("aggregate", .aggregate([EV.c(1), EV.kp("age")]), [1, 42]),
        .init("int + int", a(EV.c(2), .add, EV.c(3)), 5),
        .init("int - double", a(EV.c(2), .subtract, EV.c(0.5)), 1.5),
        .init("int * int", a(EV.kp("age"), .multiply, EV.c(2)), 84),
        .init("exact division stays integer", a(EV.c(6), .divide, EV.c(3)), 2),
        .init("inexact division", a(EV.c(7), .divide, EV.c(2)), 3.5),
        .init("power", a(EV.c(2), .power, EV.c(10)), 1024),
        .init("negative power", a(EV.c(2), .power, EV.c(-1)), 0.5),
        .init("overflow becomes double", a(EV.c(.integer(.max)), .add, EV.c(1)), .double(Double(Int.max) + 1)),
        .init("negate", .negate(EV.kp("age")), -42),
        .init("bool arithmetic", a(EV.c(true), .add, EV.c(true)), 2),
        .init("date + seconds", a(EV.c(.date(Date(timeIntervalSince1970: 10))), .add, EV.c(5)), .date(Date(timeIntervalSince1970: 15))),
        .init("date - date", a(EV.c(.date(Date(timeIntervalSince1970: 10))), .subtract, EV.c(.date(Date(timeIntervalSince1970: 4)))), 6.0),
        .init("sum()", f("sum", EV.c([1, 2, 3])), 6),
        .init("sum() of key path", f("sum", EV.kp("scores")), 40),
        .init("sum() of nothing", f("sum", EV.c([])), 0),
        .init("count()", f("count", EV.kp("tags")), 3),
        .init("min()", f("min", EV.c([3, 1.5, 2])), 1.5),
        .init("max() of arguments", f("max", EV.c(3), EV.c(9), EV.c(2)), 9),
        .init("average()", f("average", EV.c([1, 2, 3, 4])), 2.5),
        .init("median() odd", f("median", EV.c([5, 1, 3])), 3.0),
        .init("median() even", f("median", EV.c([4, 1, 3, 2])), 2.5),
        .init("mode()", f("mode", EV.c([1, 2, 2, 3, 3])), [2, 3]),
        .init("stddev()", f("stddev", EV.c([2, 4, 4, 4, 5, 5, 7, 9])), 2.0),
        .init("sqrt()", f("sqrt", EV.c(16)), 4.0),
        .init("log()", f("log", EV.c(1000)), 3.0),
        .init("ln()", f("ln", EV.c(1)), 0.0),
        .init("exp()", f("exp", EV.c(0)), 1.0),
        .init("floor()", f("floor", EV.c(2.7)), 2.0),
        .init("floor() of integer", f("floor", EV.c(2)), 2),
        .init("ceiling()", f("ceiling", EV.c(2.1)), 3.0),
        .init("trunc()", f("trunc", EV.c(-2.7)), -2.0),
        .init("abs()", f("abs", EV.c(-3)), 3),
        .init("abs() double", f("abs", EV.c(-3.5)), 3.5),
        .init("sqrt(null)", f("sqrt", EV.kp("nope")), nil),
        .init("selector-style name", f("average:", EV.c([2, 4])), 3.0),
        .init("uppercase()", f("uppercase", EV.c("ab")), "AB"),
        .init("UNION", set(EV.c([1, 2]), .union, EV.c([2, 3])), [1, 2, 3]),
        .init("INTERSECT", set(EV.c([1, 2, 3]), .intersect, EV.c([3, 2.0, 9])), [2, 3]),
        .init("MINUS", set(EV.c([1, 2, 3]), .minus, EV.c([2])), [1, 3]),
        .init("UNION with null", set(EV.c([1]), .union, EV.kp("nope")), [1]),
    ]

    @Test(arguments: cases)
    func expressionValue(_ c: Case) throws {
        #expect(try c.expression.expressionValue(with: EV.person) == c.expected)
    }

    @Test func nowAndRandom() throws {
        let before = Date()
        guard case .date(let now) = try FormatExpression.function(.init("now", [])).expressionValue(with: nil) else {
            Issue.record("now() is not a date")
            return
        }
        #expect(now >= before)
        for _ in 0..<20 {
            let r = try FormatExpression.function(.init("random", [])).expressionValue(with: nil)
            let d = try #require(r.asDouble)
            #expect(d >= 0 && d < 1)
            let n = try FormatExpression.function(.init("randomn", [EV.c(3)])).expressionValue(with: nil)
            #expect([0, 1, 2].contains(n))
        }
    }
}

extension PredicateValue {
    var asDouble: Double? {
        if case .double(let d) = self { return d }
        return nil
    }
}
