// The new-game form's state holder. The Swift twin of the Android app's NewGameController.kt
// (android/app/src/main/kotlin/app/rodina/state).

import Combine
import Foundation

/// One option of a picker: the value and what the player reads.
public struct Choice<Value: Hashable & Sendable>: Identifiable, Hashable, Sendable {
    /// What choosing it sets.
    public let value: Value
    /// What the player reads.
    public let label: String

    /// The option `value`, read as `label`.
    public init(_ value: Value, _ label: String) {
        self.value = value
        self.label = label
    }

    /// Options are told apart by their values.
    public var id: Value { value }
}

/// What the new-game form draws: the choices made, the fields that apply, and every option.
public struct NewGameScreenState: Equatable, Sendable {
    /// The choices made.
    public let form: NewGameForm
    /// Which fields to show for the choices made.
    public let fields: FormFields
    /// The side the person will play against the bot (a handicap's giver plays Red).
    public let personPlays: Side?
    /// The games.
    public let games: [Choice<Variant>]
    /// A friend on this device (nil) or a bot of a level (its id), the friend first.
    public let opponents: [Choice<String?>]
    /// The sides the person may play.
    public let sides: [Choice<Side>]
    /// No handicap (nil) or one of the handicaps.
    public let handicaps: [Choice<Handicap?>]
    /// Who gives the handicap.
    public let givers: [Choice<HandicapGiver>]
    /// The Jieqi rule sets.
    public let ruleSets: [Choice<RuleSet>]
    /// Why the game could not start.
    public let message: String?

    /// What stands in for the state while the controller builds its first one; never drawn.
    static let placeholder = NewGameScreenState(
        form: newGameForm(variant: .xiangqi),
        fields: FormFields(level: false, side: false, handicap: false, giver: false, ruleSet: false),
        personPlays: nil, games: [], opponents: [], sides: [], handicaps: [], givers: [],
        ruleSets: [], message: nil)
}

/// The new-game form's state holder. The core decides which fields apply and which game the
/// choices start (a handicap against a bot seats its giver as Red), so both apps offer the
/// same. Nothing here touches the database: starting the game is the app controller's.
@MainActor
public final class NewGameController: ObservableObject {
    /// What the form draws.
    @Published public private(set) var state: NewGameScreenState = .placeholder

    private var language: Language
    private var form = newGameForm(variant: .xiangqi)
    private var problem: Problem?

    /// A form in `language`, opened on Xiangqi against a friend.
    public init(language: Language) {
        self.language = language
        state = render()
    }

    /// Chooses the game, keeping the other choices (each applies only where it may).
    public func choose(_ variant: Variant) {
        var new = form
        new.variant = variant
        update(new)
    }

    /// A friend on this device (nil) or a bot of level `levelId`.
    public func chooseOpponent(_ levelId: String?) {
        var new = form
        new.botLevel = levelId
        update(new)
    }

    /// The side the person plays against a bot.
    public func chooseSide(_ side: Side) {
        var new = form
        new.personSide = side
        update(new)
    }

    /// A Xiangqi handicap, or none.
    public func chooseHandicap(_ handicap: Handicap?) {
        var new = form
        new.handicap = handicap
        update(new)
    }

    /// Who gives the handicap against a bot.
    public func chooseGiver(_ giver: HandicapGiver) {
        var new = form
        new.giver = giver
        update(new)
    }

    /// The Jieqi rule set.
    public func chooseRuleSet(_ ruleSet: RuleSet) {
        var new = form
        new.ruleSet = ruleSet
        update(new)
    }

    /// The texts' language changed.
    public func setLanguage(_ language: Language) {
        self.language = language
        state = render()
    }

    /// The game could not start: say why.
    public func showProblem(_ problem: Problem) {
        self.problem = problem
        state = render()
    }

    private func update(_ new: NewGameForm) {
        form = new
        problem = nil
        state = render()
    }

    private func render() -> NewGameScreenState {
        let l = language
        var fields: FormFields
        var plays: Side?
        do {
            fields = try formFields(form: form)
            plays = try formPersonPlays(form: form)
        } catch {
            // Only a level this version does not know gets here: fall back to a friend, for
            // whom the core always answers (nothing shown beyond the game's own fields if not).
            problem = problemOf(error)
            form.botLevel = nil
            fields = (try? formFields(form: form))
                ?? FormFields(level: false, side: false, handicap: false, giver: false, ruleSet: false)
            plays = try? formPersonPlays(form: form)
        }
        let variant = form.variant
        // Built one by one: the type checker has an easier time than with one long expression.
        let games: [Choice<Variant>] = variants().map { Choice($0, gameName(language: l, variant: $0)) }
        let friend: Choice<String?> = Choice(nil, uiText(language: l, text: .newGameFriend))
        let bots: [Choice<String?>] = botLevels().map { Choice<String?>($0.id, levelName(language: l, levelId: $0.id)) }
        let sides: [Choice<Side>] = [Side.first, Side.second].map {
            Choice($0, sideName(language: l, variant: variant, side: $0))
        }
        let noHandicap: Choice<Handicap?> = Choice(nil, handicapName(language: l, handicap: nil))
        let someHandicaps: [Choice<Handicap?>] = handicaps().map { Choice<Handicap?>($0, handicapName(language: l, handicap: $0)) }
        let givers: [Choice<HandicapGiver>] = [
            Choice(HandicapGiver.person, uiText(language: l, text: .newGameGiverPerson)),
            Choice(HandicapGiver.bot, uiText(language: l, text: .newGameGiverBot)),
        ]
        let rules: [Choice<RuleSet>] = ruleSets().map { Choice($0, ruleSetName(language: l, ruleSet: $0)) }
        return NewGameScreenState(
            form: form,
            fields: fields,
            personPlays: plays,
            games: games,
            opponents: [friend] + bots,
            sides: sides,
            handicaps: [noHandicap] + someHandicaps,
            givers: givers,
            ruleSets: rules,
            message: problem.map { problemText(language: l, problem: $0) })
    }
}
