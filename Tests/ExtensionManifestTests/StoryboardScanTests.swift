import ExtensionManifest
import Foundation
import Testing

/// The initial view controller's class, read from storyboards written here in Xcode's shape.
@Suite("Storyboard scan")
struct StoryboardScanTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let xml: String
        let expected: Result<String, StoryboardScan.Problem>
        var testDescription: String { name }
    }

    static func document(initial: String?, _ scenes: String) -> String {
        let attribute = initial.map { " initialViewController=\"\($0)\"" } ?? ""
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"\(attribute)>
            <scenes>\(scenes)</scenes>
        </document>
        """
    }

    static let cases: [Case] = [
        Case(name: "Xcode's share template: the initial view controller's customClass",
             xml: document(initial: "j1y-V4-xli", """
             <scene sceneID="ceB-am-kn3"><objects>
               <viewController id="j1y-V4-xli" customClass="ShareViewController" customModuleProvider="target" sceneMemberID="viewController">
                 <view key="view" contentMode="scaleToFill" id="wbc-yd-nQP"/>
               </viewController>
             </objects></scene>
             """), expected: .success("ShareViewController")),
        Case(name: "the initial one among several, a navigation controller's class included",
             xml: document(initial: "nav", """
             <scene><objects><viewController id="other" customClass="SettingsViewController"/></objects></scene>
             <scene><objects><navigationController id='nav' customClass='ComposeNavigation'/></objects></scene>
             """), expected: .success("ComposeNavigation")),
        Case(name: "no initial view controller", xml: document(initial: nil, "<scene><objects><viewController id=\"a\" customClass=\"A\"/></objects></scene>"),
             expected: .failure(.noInitialViewController)),
        Case(name: "an initial view controller without a class", xml: document(initial: "a", "<scene><objects><viewController id=\"a\"/></objects></scene>"),
             expected: .failure(.noCustomClass(id: "a"))),
        Case(name: "an initial id no controller has", xml: document(initial: "b", "<scene><objects><viewController id=\"a\" customClass=\"A\"/></objects></scene>"),
             expected: .failure(.noSuchController(id: "b"))),
        Case(name: "cut short inside a tag: no crash, no class", xml: "<document initialViewController=\"a\"><viewController id=\"a\" customClass=\"A",
             expected: .failure(.noSuchController(id: "a"))),
    ]

    @Test(arguments: cases)
    func scan(_ testCase: Case) {
        #expect(StoryboardScan.initialClass(in: testCase.xml) == testCase.expected)
    }
}
