import RodinaCore
import SwiftUI

// Online play with friends: inviting, joining, and the online game. The twin of the Android
// app's OnlineScreens.kt: keep the two telling the same story. Every text comes from the
// core's catalog (`onlineLabel` and the states' texts).

/// An online screen's label, in `language`.
func onlineText(_ language: Language, _ label: OnlineLabel) -> String {
    onlineLabel(language: language, label: label)
}

/// Inviting a friend: the game, the side and the clock; once made, the code in large type,
/// the summary, the share sheet (the core's share text holds the code and the
/// `rodina://join/CODE` link) and the wait for the friend, which opens the game by itself.
@MainActor
struct InviteView: View {
    @ObservedObject var online: OnlineController

    var body: some View {
        let s = online.invite
        let language = s.language
        Form {
            if let invitation = s.invitation {
                Section {
                    Text(verbatim: invitation.summary).font(.headline)
                }
                Section(header: Text(verbatim: onlineText(language, .joinCode))) {
                    Text(verbatim: invitation.code)
                        .font(.system(.largeTitle, design: .monospaced))
                        .textSelection(.enabled)
                        .frame(maxWidth: .infinity)
                    Text(verbatim: invitation.link)
                        .font(.footnote)
                        .foregroundColor(.secondary)
                        .textSelection(.enabled)
                    ShareLink(item: invitation.shareText) {
                        Label(onlineText(language, .inviteShare), systemImage: "square.and.arrow.up")
                    }
                }
                Section {
                    if s.waiting {
                        HStack(spacing: 12) {
                            ProgressView()
                            Text(verbatim: onlineText(language, .inviteWaiting))
                        }
                    }
                    if let notice = s.notice {
                        Text(verbatim: notice).foregroundColor(.orange)
                    }
                    if let problem = s.problem {
                        Text(verbatim: problem).foregroundColor(.red)
                    }
                }
            } else {
                Section {
                    Picker(text(language, .newGameGame), selection: Binding(get: { s.variant }, set: { online.chooseVariant($0) })) {
                        ForEach(s.games) { Text(verbatim: $0.label).tag($0.value) }
                    }
                }
                Section(header: Text(verbatim: onlineText(language, .inviteSide))) {
                    Picker(onlineText(language, .inviteSide), selection: Binding(get: { s.side }, set: { online.chooseSide($0) })) {
                        ForEach(s.sides) { Text(verbatim: $0.label).tag($0.value) }
                    }
                    .pickerStyle(.segmented)
                }
                Section(header: Text(verbatim: onlineText(language, .inviteClock))) {
                    Picker(onlineText(language, .inviteClock), selection: Binding(get: { s.clock }, set: { online.chooseClock($0) })) {
                        ForEach(s.clocks) { Text(verbatim: $0.label).tag($0.value) }
                    }
                    .pickerStyle(.inline)
                    .labelsHidden()
                }
                if let problem = s.problem {
                    Section {
                        DismissibleText(message: problem, language: language, colour: .red) { online.dismissInviteProblem() }
                    }
                }
                Section {
                    Button {
                        online.createInvitation()
                    } label: {
                        if s.creating { ProgressView() } else { Text(verbatim: onlineText(language, .inviteCreate)) }
                    }
                    .disabled(s.creating)
                }
            }
        }
        .navigationTitle(s.title)
    }
}

/// Joining a friend's game: the code field (a code typed with spaces, dashes or in lower case
/// is taken, as is a whole link pasted), who invites to what once looked up, and Join. A
/// `rodina://join/CODE` link opens this screen with its code filled in and looked up.
@MainActor
struct JoinView: View {
    @ObservedObject var online: OnlineController

    var body: some View {
        let s = online.join
        let language = s.language
        Form {
            Section(header: Text(verbatim: onlineText(language, .joinCode))) {
                TextField(onlineText(language, .joinCode), text: Binding(get: { s.code }, set: { online.setCode($0) }))
                    .font(.system(.title2, design: .monospaced))
                    .textInputAutocapitalization(.characters)
                    .autocorrectionDisabled()
                    .submitLabel(.join)
                    .onSubmit { if online.join.canJoin { online.joinGame() } }
            }
            if let invitation = s.invitation {
                Section { Text(verbatim: invitation.invitedBy) }
            }
            if let problem = s.problem {
                Section { Text(verbatim: problem).foregroundColor(.red) }
            }
            Section {
                Button {
                    online.joinGame()
                } label: {
                    if s.busy { ProgressView() } else { Text(verbatim: onlineText(language, .joinButton)) }
                }
                .disabled(!s.canJoin)
            }
        }
        .navigationTitle(s.title)
    }
}

/// An online game: the shared board between the players' bars with both clocks, the
/// connection banner while it is not live, the status (or the result with the Jieqi deal's
/// check), the draw offer to answer, and the actions: offer a draw, resign, abort, claim the
/// win, rematch.
@MainActor
struct OnlineGameScreen: View {
    @ObservedObject var app: AppController
    @ObservedObject var game: OnlineGameController

    var body: some View {
        let s = game.state
        let language = s.language
        VStack(spacing: 8) {
            if let problem = s.openProblem {
                Text(verbatim: problem).foregroundColor(.red).padding()
                Spacer()
            } else if s.opening {
                ProgressView()
                Spacer()
            } else {
                if let connection = s.connectionText {
                    ConnectionBanner(text: connection, offline: { if case .offline = s.connection { return true } else { return false } }())
                }
                ClockView(clock: s.topClock)
                BoardWithBars(state: s, controls: game)
                ClockView(clock: s.bottomClock)
                OnlineStatusView(state: s, game: game)
                OnlineActionsView(state: s, game: game)
                MoveListView(moves: s.moves, title: text(language, .gameMoves))
            }
        }
        .padding(.horizontal)
        .boardScreenFrame(
            title: s.title,
            language: language,
            canFlip: !s.opening,
            app: app,
            controls: game,
            current: { game.state })
    }
}

/// A clock: its time, strong while it runs, red when little is left.
@MainActor
struct ClockView: View {
    let clock: ClockUi?

    var body: some View {
        if let clock {
            HStack {
                Spacer()
                Text(verbatim: clock.text)
                    .font(.system(.title3, design: .monospaced).weight(clock.running ? .bold : .regular))
                    .foregroundColor(clock.low ? .red : .primary)
                    .padding(.horizontal, 10)
                    .padding(.vertical, 2)
                    .background(clock.running ? Color.accentColor.opacity(0.2) : Color.clear, in: RoundedRectangle(cornerRadius: 6))
            }
        }
    }
}

/// The connection as said by the core (connecting, lost and retrying, offline and why).
@MainActor
struct ConnectionBanner: View {
    let text: String
    let offline: Bool

    var body: some View {
        HStack(spacing: 8) {
            if offline { Image(systemName: "wifi.exclamationmark") } else { ProgressView() }
            Text(verbatim: text).font(.footnote)
            Spacer(minLength: 0)
        }
        .padding(8)
        .background(offline ? Color.red.opacity(0.15) : Color.secondary.opacity(0.12), in: RoundedRectangle(cornerRadius: 8))
    }
}

/// The status (or the result with the deal's check), the opponent away, the draw offer to
/// answer, the rematch, and the last message.
@MainActor
struct OnlineStatusView: View {
    let state: OnlineGameScreenState
    let game: OnlineGameController

    var body: some View {
        let language = state.language
        VStack(spacing: 4) {
            if let result = state.result {
                Text(verbatim: result).font(.headline).multilineTextAlignment(.center)
            } else {
                Text(verbatim: state.status).font(.headline).multilineTextAlignment(.center)
            }
            if let deal = state.dealText {
                Text(verbatim: deal).font(.caption).multilineTextAlignment(.center)
            }
            if let away = state.opponentAwayText {
                Text(verbatim: away).font(.caption).foregroundColor(.orange)
            }
            if let offer = state.drawText {
                HStack {
                    Text(verbatim: offer).font(.subheadline)
                    if state.canAnswerDraw {
                        Button(onlineText(language, .declineDraw)) { game.declineDraw() }
                            .buttonStyle(.bordered)
                        Button(onlineText(language, .acceptDraw)) { game.acceptDraw() }
                            .buttonStyle(.borderedProminent)
                    }
                }
            }
            if let rematch = state.rematchText {
                Text(verbatim: rematch).font(.subheadline)
            }
            if let message = state.message {
                DismissibleText(message: message, language: language, colour: .red) { game.dismissMessage() }
            }
        }
    }
}

/// Offer a draw, resign or abort, claim the win; once over, the rematch (offer one, or accept
/// the opponent's). Only what the core allows now is offered.
@MainActor
struct OnlineActionsView: View {
    let state: OnlineGameScreenState
    let game: OnlineGameController

    var body: some View {
        let language = state.language
        HStack {
            if state.canRestartMove && (state.promotion != nil || state.cells.contains { $0.hovering }) {
                Button(text(language, .gameRestartMove)) { game.restartMove() }
            }
            if !state.finished {
                Button(onlineText(language, .offerDraw)) { game.offerDraw() }
                    .disabled(!state.canOfferDraw)
                if state.canAbort {
                    Button(onlineText(language, .abort)) { game.abort() }
                } else {
                    Button(onlineText(language, .resign)) { game.resign() }
                        .disabled(!state.canResign)
                }
                if state.canClaimWin {
                    Button(onlineText(language, .claimWin)) { game.claimWin() }
                }
            } else if state.canAcceptRematch {
                Button(onlineText(language, .acceptRematch)) { game.acceptRematch() }
                    .buttonStyle(.borderedProminent)
            } else {
                Button(onlineText(language, .rematch)) { game.offerRematch() }
                    .disabled(!state.canOfferRematch)
            }
        }
        .buttonStyle(.bordered)
    }
}

/// Progress on the player's devices: how sync stands (how many results wait to be sent), Sync
/// now, a pairing code to show to another device, and the field to type one shown elsewhere.
@MainActor
struct SyncView: View {
    @ObservedObject var sync: SyncController

    var body: some View {
        let s = sync.state
        let language = s.language
        Form {
            Section {
                if let status = s.status { Text(verbatim: status.text) }
                if let problem = s.problem { Text(verbatim: problem).foregroundColor(.red) }
                Button {
                    sync.syncNow()
                } label: {
                    if s.syncing { ProgressView() } else { Text(verbatim: s.syncLabel) }
                }
                .disabled(s.syncing)
            }
            Section(header: Text(verbatim: s.showCodeLabel)) {
                if let pairing = s.pairing {
                    Text(verbatim: pairing.code)
                        .font(.system(.largeTitle, design: .monospaced))
                        .textSelection(.enabled)
                    Text(verbatim: pairing.text)
                }
                Button {
                    sync.showPairingCode()
                } label: {
                    Text(verbatim: s.showCodeLabel)
                }
                .disabled(s.busy)
            }
            Section(header: Text(verbatim: s.enterCodeLabel)) {
                TextField(onlineText(language, .pairingCode), text: Binding(get: { s.code }, set: { sync.typeCode($0) }))
                    .font(.system(.title2, design: .monospaced))
                    .textInputAutocapitalization(.characters)
                    .autocorrectionDisabled()
                    .submitLabel(.join)
                    .onSubmit { sync.pair() }
                Button {
                    sync.pair()
                } label: {
                    if s.busy { ProgressView() } else { Text(verbatim: s.enterCodeLabel) }
                }
                .disabled(!s.canPair)
            }
        }
        .navigationTitle(s.title)
        .onAppear { sync.refresh() }
    }
}
