// mastodon/mastodon-ios, OpenInActionExtension/ActionRequestHandler.swift (commit
// 2d3fa26ed75413cdaffdb52a2b1c1577543ac155), an action extension of the app of corpus plist
// 005: it reads Safari's JavaScript results (`url`) and returns a finalize argument telling
// the page what to open. Verbatim but for:
// - the imports (iOS: Combine, UIKit, MobileCoreServices, UniformTypeIdentifiers, MastodonCore,
//   MastodonSDK, MastodonLocalization);
// - `var cancellables = [AnyCancellable]()` left out (Combine; only the search used it);
// - the "Search API" section (a Mastodon server request through MastodonSDK) replaced by a
//   stand-in that finds nothing, so the handler falls back to the in-app search as the
//   original does when the server finds no account, status or hashtag.
import AppExtensionsCompat
import Foundation
import TypeIdentifiers

class ActionRequestHandler: NSObject, NSExtensionRequestHandling {
    var extensionContext: NSExtensionContext?
        
    func beginRequest(with context: NSExtensionContext) {
        // Do not call super in an Action extension with no user interface
        self.extensionContext = context
              
        let itemProvider = context.inputItems
            .compactMap({ $0 as? NSExtensionItem })
            .reduce([NSItemProvider](), { partialResult, acc in
                var nextResult = partialResult
                nextResult += acc.attachments ?? []
                return nextResult
            })
            .filter({ $0.hasItemConformingToTypeIdentifier(UTType.propertyList.identifier) })
            .first
        
        guard let itemProvider = itemProvider else {
            return doneWithInvalidLink()
        }
        
        itemProvider.loadItem(forTypeIdentifier: UTType.propertyList.identifier, options: nil, completionHandler: { [weak self] item, error in
            DispatchQueue.main.async {
                guard
                    let dictionary = item as? NSDictionary,
                    let results = dictionary[NSExtensionJavaScriptPreprocessingResultsKey] as? NSDictionary
                else {
                    self?.doneWithInvalidLink()
                    return
                }
                
                if let url = results["url"] as? String {
                    Task {
                        await self?.performSearch(for: url)
                    }
                } else {
                    self?.doneWithInvalidLink()
                }
            }
        })
    }
}

// Search API: the stand-in (no server here).
private extension ActionRequestHandler {
    func performSearch(for url: String) async {
        continueWithSearch(url)
    }
}

// Fallback to In-App Search
private extension ActionRequestHandler {
    func continueWithSearch(_ query: String) {
        guard let query = query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) else {
            doneWithInvalidLink()
            return
        }
        doneWithResults(
            ["openURL": "mastodon://search?query=\(query)"]
        )
    }
}

// Action response handling
private extension ActionRequestHandler {
    func doneWithInvalidLink() {
        doneWithResults(["alert": L10n.Extension.OpenIn.invalidLinkError])
    }
    
    func doneWithResults(_ resultsForJavaScriptFinalizeArg: [String: Any]?) {
        if let resultsForJavaScriptFinalize = resultsForJavaScriptFinalizeArg {
            let resultsDictionary = [NSExtensionJavaScriptFinalizeArgumentKey: resultsForJavaScriptFinalize]
            let resultsProvider = NSItemProvider(item: resultsDictionary as NSDictionary, typeIdentifier: UTType.propertyList.identifier)
            let resultsItem = NSExtensionItem()
            resultsItem.attachments = [resultsProvider]
            self.extensionContext!.completeRequest(returningItems: [resultsItem], completionHandler: nil)
        } else {
            self.extensionContext!.completeRequest(returningItems: [], completionHandler: nil)
        }
        self.extensionContext = nil
    }
}
