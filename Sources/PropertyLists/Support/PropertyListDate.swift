import Foundation

/// The ISO 8601 form property lists use for dates, `2024-01-31T12:00:00Z` (UTC, whole
/// seconds), converted without formatters or calendars.
enum PropertyListDate {
    /// Parses a `<date>` as CoreFoundation does, so that Appex reads the dates iOS reads:
    /// an optional `-`, any number of year digits (wrapping as a 32-bit year does), then
    /// exactly two digits each for month, day, hour, minute and second, in the form
    /// `Y-MM-DDTHH:MM:SSZ` and nothing else. The fields are not range-checked: out-of-range
    /// values carry over (`2024-02-30` is March 1, hour 25 the next day), month 0 counts
    /// as January, month 13 as the next January, and months from 14 add nothing, as
    /// CoreFoundation's table of days before each month has it (docs/FIDELITY.md).
    /// `nil` when the form is wrong.
    static func parse<C: Collection<UInt8>>(_ text: C) -> Date? where C.Index == Int {
        let bytes = Array(text)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var year: Int32 = 0
        while index < bytes.count, let digit = Self.digit(bytes[index]) {
            year = year &* 10 &+ Int32(digit)
            index += 1
        }
        func literal(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        func twoDigits() -> Int? {
            guard index + 1 < bytes.count, let high = Self.digit(bytes[index]), let low = Self.digit(bytes[index + 1]) else { return nil }
            index += 2
            return high * 10 + low
        }
        guard literal(UInt8(ascii: "-")), let month = twoDigits(), literal(UInt8(ascii: "-")), let day = twoDigits(),
              literal(UInt8(ascii: "T")), let hour = twoDigits(), literal(UInt8(ascii: ":")), let minute = twoDigits(),
              literal(UInt8(ascii: ":")), let second = twoDigits(), literal(UInt8(ascii: "Z")), index == bytes.count else {
            return nil
        }
        let fullYear = Int(negative ? 0 &- year : year)
        let days = daysFromCivil(year: fullYear, month: 1, day: 1) + daysBefore(month: month, leap: isLeap(fullYear)) + day - 1
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// CoreFoundation's days before each month, 0 (counted as January) through 13 (the next
    /// January); later months add nothing.
    private static let monthStarts = [0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365]

    private static func daysBefore(month: Int, leap: Bool) -> Int {
        guard month < monthStarts.count else { return 0 }
        return monthStarts[month] + (leap && month > 2 ? 1 : 0)
    }

    /// Formats a date as `YYYY-MM-DDTHH:MM:SSZ` in UTC, dropping fractions of a second.
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let total = interval.isFinite ? Int(max(-1e15, min(1e15, interval)).rounded(.down)) : 0
        let days = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3_600, 2)):"
            + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    private static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
