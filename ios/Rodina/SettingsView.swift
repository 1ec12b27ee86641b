import RodinaCore
import SwiftUI

/// The player's settings, saved at every change (off the main thread) and followed at once by
/// every screen: where the selected piece can go, the last move, turning the board to the side
/// to move, the pieces' labels, and the language (the system's, or one the player chooses).
@MainActor
struct SettingsView: View {
    @ObservedObject var app: AppController

    var body: some View {
        let language = app.language
        let s = app.settings
        Form {
            Section {
                Toggle(text(language, .settingsShowTargets), isOn: Binding(
                    get: { s.showLegalTargets },
                    set: { on in update { $0.showLegalTargets = on } }))
                Toggle(text(language, .settingsShowLastMove), isOn: Binding(
                    get: { s.showLastMove },
                    set: { on in update { $0.showLastMove = on } }))
                Toggle(text(language, .settingsRotate), isOn: Binding(
                    get: { s.rotateBoard },
                    set: { on in update { $0.rotateBoard = on } }))
            }
            Section {
                Picker(text(language, .settingsPieceStyle), selection: Binding(
                    get: { s.pieceStyle },
                    set: { style in update { $0.pieceStyle = style } })) {
                    Text(verbatim: text(language, .settingsCharacters)).tag(PieceStyle.characters)
                    Text(verbatim: text(language, .settingsLetters)).tag(PieceStyle.letters)
                }
                Picker(text(language, .settingsLanguage), selection: Binding(
                    get: { s.language },
                    set: { choice in update { $0.language = choice } })) {
                    Text(verbatim: text(language, .settingsLanguageSystem)).tag(Language?.none)
                    ForEach(languages(), id: \.self) { l in
                        // Each language in its own name, so a player lost in the other finds theirs.
                        Text(verbatim: languageName(language: l)).tag(Language?.some(l))
                    }
                }
            }
            // Progress on the player's other devices, where the app has a server.
            if app.sync != nil {
                Section {
                    Button {
                        app.openSync()
                    } label: {
                        Text(verbatim: onlineText(language, .syncTitle))
                    }
                }
            }
        }
        .navigationTitle(text(language, .settingsTitle))
    }

    /// The settings as they are now, changed by `change`, saved.
    private func update(_ change: (inout RodinaCore.Settings) -> Void) {
        var new = app.settings
        change(&new)
        app.updateSettings(new)
    }
}
