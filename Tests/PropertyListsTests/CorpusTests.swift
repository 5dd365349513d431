import Foundation
import PropertyLists
import Testing

/// Every real extension Info.plist of the shared corpus, read by Appex and by Foundation.
@Suite("Corpus")
struct CorpusTests {
    @Test("the corpus is present")
    func corpusIsPresent() {
        if CorpusFile.all.isEmpty {
            Issue.record("no corpus at \(CorpusFile.folder.path); the corpus tests ran on nothing")
        }
    }

    @Test("reads like Foundation", arguments: CorpusFile.all)
    func differential(_ file: CorpusFile) throws {
        let data = try Data(contentsOf: file.url)
        let foundation = try? PropertyListSerialization.propertyList(from: data, format: nil)
        let ours = Result { () throws(PropertyListError) in
            try PropertyListDocument.parse(data, fileName: file.testDescription)
        }
        guard let foundation else {
            // Foundation refuses it (075 has keys outside its <dict>): so must we, with a position.
            #expect(throws: PropertyListError.self) { try ours.get() }
            if case .failure(let error) = ours { #expect(error.position != nil) }
            return
        }
        let document = try ours.get()
        #expect(document.format == .xml)
        let expected = try PropertyListNode(foundationObject: foundation)
        #expect(try Support.foundationView(document.root).isEqualIgnoringPositions(expected))
        #expect(document.root.position != nil)
    }

    @Test("round trips through binary and XML", arguments: CorpusFile.all)
    func roundTrips(_ file: CorpusFile) throws {
        let data = try Data(contentsOf: file.url)
        guard let document = try? PropertyListDocument.parse(data, fileName: file.testDescription) else {
            // Only a file Foundation refuses as well may fail to parse (the differential test
            // checks its error); there is nothing to round-trip.
            #expect((try? PropertyListSerialization.propertyList(from: data, format: nil)) == nil,
                    "\(file.testDescription) parses in Foundation but not here")
            return
        }
        let root = document.root
        let foundationView = try Support.foundationView(root)

        let binary = try root.binaryData()
        let fromFoundation = try PropertyListSerialization.propertyList(from: binary, format: nil)
        #expect(try PropertyListNode(foundationObject: fromFoundation).isEqualIgnoringPositions(foundationView))
        let binaryBack = try PropertyListDocument.parse(binary, fileName: "x.plist")
        #expect(binaryBack.format == .binary)
        #expect(binaryBack.root.isEqualIgnoringPositions(root.withDuplicateKeysResolved))

        let xml = root.xmlData()
        let xmlBack = try PropertyListDocument.parse(xml, fileName: "x.plist")
        #expect(xmlBack.root.isEqualIgnoringPositions(root))
        let xmlFoundation = try PropertyListSerialization.propertyList(from: xml, format: nil)
        #expect(try PropertyListNode(foundationObject: xmlFoundation).isEqualIgnoringPositions(foundationView))
    }

    @Test("duplicate keys are kept and reported")
    func duplicateKeys() throws {
        let file = try #require(CorpusFile.all.first { $0.testDescription.hasPrefix("018-") })
        let document = try PropertyListDocument.read(contentsOf: file.url)
        let root = try #require(document.root.dictionary)
        let duplicate = try #require(root.duplicateKeys.first)
        #expect(duplicate.key == "NSExtension")
        #expect(root["NSExtension"]?.dictionary?["NSExtensionAttributes"]?.dictionary?["NSExtensionActivationRule"]?
            .string == "TRUEPREDICATE")
        #expect(duplicate.keyPosition.map { $0.line > root.entry(forKey: "NSExtension")?.keyPosition?.line ?? 0 } == true)
    }
}
