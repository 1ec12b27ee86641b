import RodinaCore
import SwiftUI

/// The new-game form: the game, a friend on this device or a bot (and its level), and only
/// the fields the core says apply to the choices made (the side, a Xiangqi handicap and who
/// gives it, the Jieqi rules). Every option's text is the core's.
@MainActor
struct NewGameView: View {
    @ObservedObject var app: AppController
    @ObservedObject var form: NewGameController
    /// The level last chosen, offered again when the player turns from a friend to a bot.
    @State private var lastLevel: String?

    var body: some View {
        let language = app.language
        let s = form.state
        let levels = s.opponents.filter { $0.value != nil }
        let firstLevel: String? = levels.first.flatMap { $0.value }
        Form {
            Section {
                Picker(text(language, .newGameGame), selection: Binding(get: { s.form.variant }, set: { form.choose($0) })) {
                    ForEach(s.games) { choice in
                        Text(choice.label).tag(choice.value)
                    }
                }
                Picker(text(language, .newGameOpponent), selection: Binding(
                    get: { s.form.botLevel != nil },
                    set: { bot in
                        if bot {
                            form.chooseOpponent(lastLevel ?? firstLevel)
                        } else {
                            lastLevel = s.form.botLevel
                            form.chooseOpponent(nil)
                        }
                    }
                )) {
                    Text(text(language, .newGameFriend)).tag(false)
                    Text(text(language, .newGameBot)).tag(true)
                }
                if s.fields.level {
                    Picker(text(language, .newGameLevel), selection: Binding(
                        get: { s.form.botLevel ?? "" },
                        set: { form.chooseOpponent($0) }
                    )) {
                        ForEach(levels) { choice in
                            Text(choice.label).tag(choice.value ?? "")
                        }
                    }
                }
            }
            if s.fields.side {
                Section {
                    Picker(text(language, .newGameSide), selection: Binding(
                        get: { s.form.personSide },
                        set: { form.chooseSide($0) }
                    )) {
                        ForEach(s.sides) { choice in
                            Text(choice.label).tag(choice.value)
                        }
                    }
                }
            }
            if s.fields.handicap {
                Section {
                    Picker(text(language, .newGameHandicap), selection: Binding(
                        get: { s.form.handicap },
                        set: { form.chooseHandicap($0) }
                    )) {
                        ForEach(s.handicaps) { choice in
                            Text(choice.label).tag(choice.value)
                        }
                    }
                    if s.fields.giver {
                        Picker(text(language, .newGameGiver), selection: Binding(
                            get: { s.form.giver },
                            set: { form.chooseGiver($0) }
                        )) {
                            ForEach(s.givers) { choice in
                                Text(choice.label).tag(choice.value)
                            }
                        }
                        .pickerStyle(.inline)
                    }
                    // The handicap decides the sides: say which one the person plays.
                    if let plays = s.personPlays, s.fields.giver {
                        LabeledContent(
                            text(language, .newGameSide),
                            value: sideName(language: language, variant: s.form.variant, side: plays))
                    }
                }
            }
            if s.fields.ruleSet {
                Section {
                    Picker(text(language, .newGameRules), selection: Binding(
                        get: { s.form.ruleSet },
                        set: { form.chooseRuleSet($0) }
                    )) {
                        ForEach(s.ruleSets) { choice in
                            Text(choice.label).tag(choice.value)
                        }
                    }
                }
            }
            if let message = s.message {
                Section {
                    Text(message).foregroundColor(.red)
                }
            }
            Section {
                Button(text(language, .newGameStart)) { app.startGame() }
                    .font(.headline)
            }
        }
        .navigationTitle(text(language, .newGameTitle))
    }
}
