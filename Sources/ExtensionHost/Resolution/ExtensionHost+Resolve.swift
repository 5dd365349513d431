import AppExtensions
import ExtensionManifest
import Foundation
import SystemSupport

extension ExtensionHost {
    /// The installed extensions of `point` that accept `items`, in the user's order, and
    /// the reason for every other one. Every extension's activation rule is evaluated,
    /// a disabled one's too: its decision is kept in its exclusion.
    public func resolve(_ items: [ExtensionItem], point: String) async throws -> ShareResolution {
        let payload = await Self.activationPayload(for: items)
        return try await resolve(point: point) { _ in payload }
    }

    /// As ``resolve(_:point:)``, with what each extension's activation rule sees given
    /// directly, per extension: a browser host offers a page's preprocessing results
    /// (`com.apple.property-list`) only to the extensions that declare a preprocessing
    /// file, and the bare URL to the others.
    public func resolve(point: String, payload: (InstalledExtension) async -> ActivationPayload) async throws -> ShareResolution {
        var resolution = ShareResolution(point: point, eligible: [], decisions: [:], excluded: [])
        // The catalog checks every launch file's fingerprint (an lstat each, 2,100 for a
        // thousand extensions): off Swift's shared threads.
        let catalog = self.catalog
        let installedExtensions = try await Offload.perform { () throws -> [InstalledExtension] in try catalog.installedExtensions() }
        for installed in installedExtensions where installed.point == point {
            // Disabled ones are decided too, so switching one on needs no new resolution
            // (``ShareResolution/settingEnabled(_:for:)``).
            let decision = installed.activation(for: await payload(installed))
            if !installed.isEnabled {
                resolution.excluded.append(.init(installed: installed, reason: ShareResolution.Exclusion.disabledReason(installed.identifier),
                                                 cause: .disabledByUser, decision: decision))
            } else if decision.isEligible {
                resolution.eligible.append(installed)
                resolution.decisions[installed.identifier] = decision
            } else {
                resolution.excluded.append(.init(installed: installed, excludedBy: decision))
            }
        }
        return resolution
    }

    /// What activation rules see of `items`: each attachment's registered types, suggested
    /// name and, for a URL, the URL itself (web pages need its scheme).
    public static func activationPayload(for items: [ExtensionItem]) async -> ActivationPayload {
        var payloadItems: [ActivationPayload.Item] = []
        for item in items {
            var attachments: [ActivationPayload.Attachment] = []
            for provider in item.attachments ?? [] {
                let types = provider.registeredTypeIdentifiers
                var url: String?
                if let urlType = types.first(where: { $0.lowercased() == "public.url" || $0.lowercased() == "public.file-url" }),
                   case .url(let value)? = try? await provider.loadValue(forTypeIdentifier: urlType) {
                    url = value.absoluteString
                }
                attachments.append(.init(types, url: url, suggestedName: provider.suggestedName))
            }
            payloadItems.append(.init(title: item.attributedTitle?.string,
                                      contentText: item.attributedContentText?.string,
                                      attachments: attachments))
        }
        return ActivationPayload(items: payloadItems)
    }
}
