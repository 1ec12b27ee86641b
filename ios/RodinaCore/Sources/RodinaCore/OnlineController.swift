// Online play's state holder for the account and invitations. The Swift twin of the Android
// app's OnlineController.kt (android/app/src/main/kotlin/app/rodina/state), which the JVM
// tests cover against a real server: keep the two telling the same story.

import Combine
import Foundation

/// What the invite screen draws: the options (game, side, clock) with every choice, then the
/// invitation made (its code, its link and what to send a friend) and the wait for the
/// friend. Every text is in `language`, from the core's catalog.
public struct InviteScreenState: Equatable, Sendable {
    public let language: Language
    /// "Invite a friend".
    public let title: String
    public let variant: Variant
    public let games: [Choice<Variant>]
    public let side: SideChoice
    /// Red, Black, Random (the game's own names for its sides).
    public let sides: [Choice<SideChoice>]
    /// The clock chosen; nil: no clock.
    public let clock: TimeControl?
    /// "No clock", "3+2", "5+3", ... from the core's offered clocks.
    public let clocks: [Choice<TimeControl?>]
    /// The invitation is being made.
    public let creating: Bool
    /// The invitation made, once it is: its code, link, summary and share text.
    public let invitation: Invitation?
    /// Waiting for the friend to join (the core watches the invitation).
    public let waiting: Bool
    /// Why the invitation could not be made, or why the wait ended without a game.
    public let problem: String?
    /// The server cannot be reached for now; the wait goes on.
    public let notice: String?
}

/// What the join screen draws: the code as typed, the invitation it names once looked up
/// ("ann invites you: Xiangqi · 5+3 · you play Black") and why it could not be joined.
public struct JoinScreenState: Equatable, Sendable {
    public let language: Language
    /// "Join a game".
    public let title: String
    /// The code as the player typed it (or as a link gave it).
    public let code: String
    /// The code holds an invitation code's form: the join button is enabled.
    public let canJoin: Bool
    /// The invitation the code names, once looked up.
    public let invitation: Invitation?
    /// Looking the code up, or joining.
    public let busy: Bool
    /// Why the invitation could not be read or joined: the core's sentence.
    public let problem: String?
}

/// What the core's invitation listener heard, handed to the main actor.
enum WaitEvent: Sendable {
    case accepted(String)
    case ended(String)
    case problem(String)
}

/// Hears the wait for one invitation on the core's threads, and hands each event on (to a
/// closure that hops to the main actor).
final class WaitListener: InvitationListener, @unchecked Sendable {
    private let deliver: @Sendable (WaitEvent) -> Void

    init(_ deliver: @escaping @Sendable (WaitEvent) -> Void) {
        self.deliver = deliver
    }

    func onAccepted(game: String) { deliver(.accepted(game)) }
    func onEnded(problem: String) { deliver(.ended(problem)) }
    func onProblem(problem: String) { deliver(.problem(problem)) }
}

/// Online play's state holder for the account and invitations: making an invitation with
/// its options and waiting for the friend (through the core's `InvitationListener`), looking
/// up and joining a friend's invitation by its code or `rodina://join/CODE` link. When a game
/// comes of it (the friend joined, or this player joined), `onGame` opens it.
///
/// Threads: main-actor isolated, like the screens that call it. The calls that reach the
/// server are the core's async calls, whose work runs on the core's own runtime; the
/// invitation listener is called on the core's threads and hops to the main actor.
@MainActor
public final class OnlineController: ObservableObject {
    /// What the invite screen draws.
    @Published public private(set) var invite: InviteScreenState
    /// What the join screen draws.
    @Published public private(set) var join: JoinScreenState
    /// The account on this device, once read (made on first use, with no name: "Guest").
    @Published public private(set) var account: OnlineAccount?

    /// Online play on the app's server with the account kept in the app's database.
    public let play: OnlinePlay
    private var language: Language
    private let onGame: @MainActor (String) -> Void

    private var variant: Variant = .xiangqi
    private var side: SideChoice = .random
    private var clock: TimeControl?
    private var creating = false
    private var invitation: Invitation?
    private var watch: InvitationWatch?
    /// Counts the waits, so that a listener of a wait cancelled is told from the live one.
    private var watchTicket = 0
    private var inviteProblem: String?
    private var notice: String?
    private var createTask: Task<Void, Never>?

    private var code = ""
    private var seen: Invitation?
    private var joinBusy = false
    private var joinProblem: String?
    private var joinTask: Task<Void, Never>?

    /// Online play through `play` in `language`; `onGame` opens a game (its id) on its screen.
    public init(play: OnlinePlay, language: Language, onGame: @escaping @MainActor (String) -> Void) {
        self.play = play
        self.language = language
        self.onGame = onGame
        play.setLanguage(language: language)
        invite = InviteScreenState(
            language: language, title: "", variant: .xiangqi, games: [], side: .random, sides: [],
            clock: nil, clocks: [], creating: false, invitation: nil, waiting: false, problem: nil, notice: nil)
        join = JoinScreenState(language: language, title: "", code: "", canJoin: false, invitation: nil, busy: false, problem: nil)
        invite = renderInvite()
        join = renderJoin()
    }

    /// Reads the account (the stored one, or a new anonymous one made on the server now).
    @discardableResult
    public func loadAccount() -> Task<Void, Never> {
        Task {
            // A failure is said where it matters: making or joining an invitation makes the
            // account too.
            if let read = try? await play.account() { account = read }
        }
    }

    /// Opens the invite form for `variant`, forgetting an invitation made before.
    public func startInvite(_ variant: Variant) {
        cancelInvite()
        self.variant = variant
        publishInvite()
    }

    /// Chooses the game of the invitation (before it is made).
    public func chooseVariant(_ new: Variant) {
        guard invitation == nil, !creating else { return }
        variant = new
        publishInvite()
    }

    /// Chooses the inviting player's side (before the invitation is made).
    public func chooseSide(_ new: SideChoice) {
        guard invitation == nil, !creating else { return }
        side = new
        publishInvite()
    }

    /// Chooses the clock, one of `InviteScreenState.clocks` (before the invitation is made).
    public func chooseClock(_ new: TimeControl?) {
        guard invitation == nil, !creating else { return }
        clock = new
        publishInvite()
    }

    /// Makes the invitation with the options chosen, then waits for the friend: when they
    /// join, `onGame` opens the game. Returns the work, to wait for (tests).
    @discardableResult
    public func createInvitation() -> Task<Void, Never>? {
        guard !creating, invitation == nil else { return nil }
        creating = true
        inviteProblem = nil
        notice = nil
        publishInvite()
        let options = InviteOptions(variant: variant, ruleSet: nil, handicap: nil, side: side, clock: clock)
        let play = self.play
        let task = Task {
            do {
                let made = try await play.createInvitation(options: options)
                creating = false
                invitation = made
                waitFor(made)
            } catch {
                creating = false
                inviteProblem = onlineErrorText(language, error)
            }
            publishInvite()
        }
        createTask = task
        return task
    }

    /// Watches `made` until the friend joins (the game opens) or the wait ends (its reason shows).
    private func waitFor(_ made: Invitation) {
        watchTicket += 1
        let ticket = watchTicket
        let listener = WaitListener { [weak self] event in
            Task { @MainActor in self?.heard(event, ticket: ticket) }
        }
        do {
            watch = try play.watchInvitation(code: made.code, listener: listener)
        } catch {
            inviteProblem = onlineErrorText(language, error)
        }
    }

    private func heard(_ event: WaitEvent, ticket: Int) {
        guard ticket == watchTicket, watch != nil else { return }
        switch event {
        case let .accepted(game):
            stopWatch()
            publishInvite()
            onGame(game)
        case let .ended(problem):
            stopWatch()
            inviteProblem = problem
            publishInvite()
        case let .problem(problem):
            notice = problem
            publishInvite()
        }
    }

    private func stopWatch() {
        watch?.cancel()
        watch = nil
        watchTicket += 1
    }

    /// Stops waiting for the friend and forgets the invitation (the invite screen left).
    public func cancelInvite() {
        createTask?.cancel()
        createTask = nil
        stopWatch()
        creating = false
        invitation = nil
        inviteProblem = nil
        notice = nil
        publishInvite()
    }

    /// Clears the invite screen's problem (to try again).
    public func dismissInviteProblem() {
        inviteProblem = nil
        publishInvite()
    }

    /// Opens the join form with `codeOrLink` (a code, or a `rodina://join/CODE` link) filled
    /// in and looked up; nil: an empty form.
    public func startJoin(_ codeOrLink: String?) {
        joinTask?.cancel()
        joinBusy = false
        seen = nil
        joinProblem = nil
        code = codeOrLink.map { invitationCode(text: $0) ?? $0 } ?? ""
        publishJoin()
        if codeOrLink != nil { lookUp() }
    }

    /// The code field changed.
    public func setCode(_ text: String) {
        guard text != code else { return }
        code = text
        seen = nil
        joinProblem = nil
        publishJoin()
    }

    /// Looks the code up: who invites, to which game. Returns the work (tests).
    @discardableResult
    public func lookUp() -> Task<Void, Never>? {
        let typed = code
        guard invitationCode(text: typed) != nil else { return nil }
        joinTask?.cancel()
        joinBusy = true
        joinProblem = nil
        publishJoin()
        let play = self.play
        let task = Task {
            do {
                seen = try await play.invitation(code: typed)
            } catch {
                joinProblem = onlineErrorText(language, error)
            }
            joinBusy = false
            publishJoin()
        }
        joinTask = task
        return task
    }

    /// Joins the invitation of the code typed; the game opens through `onGame`. Returns the
    /// work (tests).
    @discardableResult
    public func joinGame() -> Task<Void, Never>? {
        let typed = code
        guard invitationCode(text: typed) != nil else { return nil }
        joinTask?.cancel()
        joinBusy = true
        joinProblem = nil
        publishJoin()
        let play = self.play
        let task = Task {
            do {
                let joined = try await play.join(code: typed)
                joinBusy = false
                publishJoin()
                onGame(joined.game)
            } catch {
                joinBusy = false
                joinProblem = onlineErrorText(language, error)
                publishJoin()
            }
        }
        joinTask = task
        return task
    }

    /// The texts' language changed (the invitation's texts keep the language they were made in).
    public func setLanguage(_ new: Language) {
        language = new
        play.setLanguage(language: new)
        publishInvite()
        publishJoin()
    }

    /// The app is done with online play: the wait for a friend stops.
    public func close() {
        createTask?.cancel()
        joinTask?.cancel()
        stopWatch()
    }

    private func publishInvite() {
        invite = renderInvite()
    }

    private func publishJoin() {
        join = renderJoin()
    }

    private func renderInvite() -> InviteScreenState {
        let language = self.language
        let variant = self.variant
        let clocks: [TimeControl?] = [nil] + timeControls().map { Optional($0) }
        return InviteScreenState(
            language: language,
            title: onlineLabel(language: language, label: .inviteTitle),
            variant: variant,
            games: variants().map { Choice($0, gameName(language: language, variant: $0)) },
            side: side,
            sides: [SideChoice.first, .second, .random].map {
                Choice($0, sideChoiceName(language: language, variant: variant, side: $0))
            },
            clock: clock,
            clocks: clocks.map { Choice($0, timeControlText(language: language, clock: $0)) },
            creating: creating,
            invitation: invitation,
            waiting: watch != nil,
            problem: inviteProblem,
            notice: notice)
    }

    private func renderJoin() -> JoinScreenState {
        JoinScreenState(
            language: language,
            title: onlineLabel(language: language, label: .joinTitle),
            code: code,
            canJoin: invitationCode(text: code) != nil && !joinBusy,
            invitation: seen,
            busy: joinBusy,
            problem: joinProblem)
    }
}
