import RodinaCore
import SwiftUI

/// The four games, each with how many of its games are in progress; the way to the settings;
/// the notice of a database set aside, and a problem with the saved games, until read.
@MainActor
struct HomeView: View {
    @ObservedObject var app: AppController
    let notice: String?

    var body: some View {
        let language = app.language
        let home = app.home
        List {
            if let notice {
                Section {
                    DismissibleText(message: notice, language: language, colour: .secondary) { app.dismissNotice() }
                }
            }
            if let message = home.message {
                Section {
                    DismissibleText(message: message, language: language, colour: .red) { app.dismissHomeMessage() }
                }
            }
            Section {
                ForEach(home.games) { card in
                    Button {
                        app.openGameHome(card.variant)
                    } label: {
                        HStack {
                            Text(card.name).font(.headline)
                            Spacer()
                            if let inProgress = card.inProgressText {
                                // The number alone on the card, the sentence for VoiceOver.
                                Text(verbatim: String(card.inProgress))
                                    .font(.subheadline.monospacedDigit())
                                    .foregroundColor(.secondary)
                                    .accessibilityLabel(Text(verbatim: inProgress))
                            }
                        }
                    }
                }
            }
            // A friend's invitation of any game: the code they sent (a link opens it directly).
            if home.online {
                Section {
                    Button {
                        app.openJoin()
                    } label: {
                        Label(onlineText(language, .joinTitle), systemImage: "person.2").font(.headline)
                    }
                }
            }
        }
        .navigationTitle(text(language, .homeTitle))
        .toolbar {
            ToolbarItem(placement: .navigationBarTrailing) {
                Button(text(language, .homeSettings)) { app.openSettings() }
            }
        }
    }
}

/// One game's page: its puzzles and its rules course with the player's progress, the page of
/// its rules and story, a new game, and its saved games (tap to go on playing, swipe to
/// delete).
@MainActor
struct GameHomeView: View {
    @ObservedObject var app: AppController
    let variant: Variant

    var body: some View {
        let language = app.language
        let home = app.home
        let rows = home.savedOf(variant)
        List {
            if let message = home.message {
                Section {
                    DismissibleText(message: message, language: language, colour: .red) { app.dismissHomeMessage() }
                }
            }
            if let card = home.puzzlesOf(variant) {
                Section {
                    Button {
                        app.openPuzzles(variant)
                    } label: {
                        VStack(alignment: .leading, spacing: 2) {
                            Label(card.title, systemImage: "target").font(.headline)
                            Text(card.problem ?? [card.rating, card.solved, card.attempts].filter { !$0.isEmpty }.joined(separator: " · "))
                                .font(.caption)
                                .foregroundColor(card.problem == nil ? .secondary : .red)
                        }
                    }
                }
            }
            if let card = home.courseOf(variant) {
                Section {
                    Button {
                        app.openCourse(variant)
                    } label: {
                        VStack(alignment: .leading, spacing: 2) {
                            Label(card.title, systemImage: "book").font(.headline)
                            Text(card.problem ?? [card.solved, card.stars].filter { !$0.isEmpty }.joined(separator: " · "))
                                .font(.caption)
                                .foregroundColor(card.problem == nil ? .secondary : .red)
                        }
                    }
                }
            }
            Section {
                Button {
                    app.openGamePage(variant)
                } label: {
                    Label(home.pageEntry, systemImage: "info.circle").font(.headline)
                }
            }
            Section {
                Button(text(language, .homeNewGame)) { app.openNewGame(variant) }
                if home.online {
                    Button {
                        app.openInvite(variant)
                    } label: {
                        Label(onlineText(language, .entry), systemImage: "person.2")
                    }
                }
            }
            Section {
                if rows.isEmpty && !home.loading {
                    Text(text(language, .homeNoGames)).foregroundColor(.secondary)
                }
                ForEach(rows) { row in
                    Button {
                        app.resumeGame(row.id)
                    } label: {
                        VStack(alignment: .leading, spacing: 2) {
                            Text(row.title).font(.headline)
                            Text(row.subtitle).font(.caption).foregroundColor(.secondary)
                        }
                    }
                    .swipeActions {
                        Button(role: .destructive) {
                            app.deleteGame(row.id)
                        } label: {
                            Text(text(language, .homeDelete))
                        }
                    }
                }
            } header: {
                Text(text(language, .homeSavedGames))
            }
        }
        .overlay {
            if home.loading && rows.isEmpty { ProgressView() }
        }
        .navigationTitle(gameName(language: language, variant: variant))
    }
}

/// A sentence the player dismisses by tapping it (a notice, a problem).
@MainActor
struct DismissibleText: View {
    let message: String
    let language: Language
    let colour: Color
    let dismiss: @MainActor () -> Void

    var body: some View {
        Button(action: dismiss) {
            HStack(alignment: .top) {
                Text(message).foregroundColor(colour).multilineTextAlignment(.leading)
                Spacer(minLength: 8)
                Image(systemName: "xmark.circle.fill").foregroundColor(.secondary)
            }
        }
        .buttonStyle(.plain)
        .accessibilityHint(Text(verbatim: text(language, .dismiss)))
    }
}
