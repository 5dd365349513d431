import AppExtensions
import Foundation

/// The results as the page's side of the host encodes them (``PreprocessingJavaScript``),
/// turned into property-list values: strings, Booleans and numbers as JSON has them
/// (whole numbers as integers), objects as `{"dict": …}`, dates as `{"date": ms}`, bytes
/// as `{"data": base64}`.
enum PreprocessingResults {
    /// How deep results may nest; deeper ones are refused in the page.
    static let maximumDepth = 256

    /// The dictionary `json` encodes.
    static func decode(_ json: String) throws -> [String: ItemProviderValue] {
        let value = try JSONDecoder().decode(Tagged.self, from: Data(json.utf8)).value
        guard case .dictionary(let dictionary) = value else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the results are not a dictionary"))
        }
        return dictionary
    }

    private struct Tagged: Decodable {
        var value: ItemProviderValue

        private enum Key: String, CodingKey { case dict, date, data }

        init(from decoder: any Decoder) throws {
            if let container = try? decoder.singleValueContainer() {
                if let text = try? container.decode(String.self) { value = .string(text); return }
                if let flag = try? container.decode(Bool.self) { value = .bool(flag); return }
                if let whole = try? container.decode(Int.self) { value = .integer(whole); return }
                if let number = try? container.decode(Double.self) { value = .double(number); return }
                if let list = try? container.decode([Tagged].self) { value = .array(list.map(\.value)); return }
            }
            let tagged = try decoder.container(keyedBy: Key.self)
            if let members = try tagged.decodeIfPresent([String: Tagged].self, forKey: .dict) {
                value = .dictionary(members.mapValues(\.value))
            } else if let milliseconds = try tagged.decodeIfPresent(Double.self, forKey: .date) {
                value = .date(Date(timeIntervalSince1970: milliseconds / 1000))
            } else if let base64 = try tagged.decodeIfPresent(String.self, forKey: .data), let bytes = Data(base64Encoded: base64) {
                value = .data(bytes)
            } else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an object without dict, date or data"))
            }
        }
    }
}
