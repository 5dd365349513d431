import Foundation

/// Apple's `NSItemProviderReading`: a class an item provider can make objects of, from the
/// bytes of one of the types it reads (``ItemProvider/loadObject(ofClass:completionHandler:)``).
///
/// `NSString`, `NSURL`, `NSAttributedString` and ``UIImage`` conform. A class of the app's
/// own conforms as on iOS:
///
/// ```swift
/// final class Contact: NSObject, NSItemProviderReading {
///     static var readableTypeIdentifiersForItemProvider: [String] { ["public.vcard"] }
///     static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self { … }
/// }
/// ```
public protocol NSItemProviderReading: NSObjectProtocol {
    /// The type identifiers the class reads, most preferred first.
    static var readableTypeIdentifiersForItemProvider: [String] { get }

    /// An object made from `data`, the bytes of `typeIdentifier` (one of
    /// ``readableTypeIdentifiersForItemProvider``, or a type conforming to one).
    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

/// Apple's `NSItemProviderWriting`: an object an item provider can be made of
/// (``ItemProvider/init(object:)``, ``ItemProvider/registerObject(_:visibility:)``), which
/// hands out the bytes of each type it writes.
///
/// Apple's optional requirements (the instance's own `writableTypeIdentifiersForItemProvider`
/// and the two `itemProviderVisibilityForRepresentation(withTypeIdentifier:)`) have default
/// implementations here: the class's types, and `.all`.
public protocol NSItemProviderWriting: NSObjectProtocol {
    /// The type identifiers objects of the class write, most faithful first.
    static var writableTypeIdentifiersForItemProvider: [String] { get }

    /// The type identifiers this object writes (Apple: optional; default: the class's).
    var writableTypeIdentifiersForItemProvider: [String] { get }

    /// Who may load the class's representation of `typeIdentifier` (Apple: optional; default `.all`).
    static func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String) -> NSItemProviderRepresentationVisibility

    /// Who may load this object's representation of `typeIdentifier` (Apple: optional;
    /// default: the class's answer).
    func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String) -> NSItemProviderRepresentationVisibility

    /// Hands `completionHandler` the bytes of `typeIdentifier` (one of
    /// ``writableTypeIdentifiersForItemProvider``), or an error, once; called on a
    /// background queue when a loader asks. May return a `Progress`.
    func loadData(withTypeIdentifier typeIdentifier: String,
                  forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
}

extension NSItemProviderWriting {
    public var writableTypeIdentifiersForItemProvider: [String] { Self.writableTypeIdentifiersForItemProvider }

    public static func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String) -> NSItemProviderRepresentationVisibility {
        .all
    }

    public func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String) -> NSItemProviderRepresentationVisibility {
        Self.itemProviderVisibilityForRepresentation(withTypeIdentifier: typeIdentifier)
    }
}

/// A Foundation class whose objects are property-list values (`NSString`, `NSURL`,
/// `NSAttributedString` as its text): an item provider registers and reads them as values,
/// through the coercion table, rather than as bytes, so that `loadItem` hands back the class
/// iOS hands back and a file URL keeps its file.
protocol ItemProviderValueObject {
    /// What the coercion table is asked for when reading one.
    static var coercionTarget: ItemCoercion.Target { get }
    /// An object of the class made from a value the table produced for ``coercionTarget``.
    static func object(coercedValue: ItemProviderValue) -> Self?
    /// The value to register for this object.
    var itemProviderValue: ItemProviderValue { get }
}
