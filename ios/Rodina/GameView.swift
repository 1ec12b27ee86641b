import RodinaCore
import SwiftUI

/// A game in play: the players' bars round the board (or the hand-over screen instead of it),
/// the status with the bot's thinking and a way to stop it, the tap message and the save
/// problem (each until dismissed), the actions, and the move list. The board stays drawn and
/// the actions usable while a bot thinks: undo and resign stop it.
@MainActor
struct GameView: View {
    @ObservedObject var app: AppController
    @ObservedObject var game: GameController

    var body: some View {
        let s = game.state
        let language = s.language
        VStack(spacing: 8) {
            if let handOver = s.handOver {
                HandOverView(handOver: handOver) { game.confirmHandOver() }
            } else {
                BoardWithBars(state: s, controls: game)
            }
            StatusView(state: s, stop: { game.stopBot() }, goOn: { game.letBotGoOn() })
            BoardMessages(message: s.message, problem: s.saveProblem, language: language) { game.dismissMessage() }
            HStack {
                Button(text(language, .gameUndo)) { game.undo() }
                    .disabled(!s.canUndo)
                Button(text(language, .gameResign)) { game.resign() }
                    .disabled(!s.canResign)
                if s.canAgreeDraw {
                    Button(text(language, .gameDraw)) { game.agreeDraw() }
                }
                if s.canRestartMove {
                    Button(text(language, .gameRestartMove)) { game.restartMove() }
                }
            }
            .buttonStyle(.bordered)
            MoveListView(moves: s.moves, title: text(language, .gameMoves))
        }
        .padding(.horizontal)
        .boardScreenFrame(
            title: gameName(language: language, variant: s.variant),
            language: language,
            canFlip: true,
            app: app,
            controls: game,
            current: { game.state })
    }
}

/// Whose turn (or the result), the bot thinking with a way to stop it, or stopped with a way
/// to let it go on.
@MainActor
struct StatusView: View {
    let state: GameScreenState
    let stop: @MainActor () -> Void
    let goOn: @MainActor () -> Void

    var body: some View {
        VStack(spacing: 4) {
            HStack(spacing: 8) {
                Text(verbatim: state.status).font(.headline).multilineTextAlignment(.center)
                if state.thinking {
                    ProgressView()
                    Button(action: stop) {
                        Label(text(state.language, .gameStopBot), systemImage: "stop.circle")
                            .labelStyle(.iconOnly)
                    }
                }
                if state.botStopped {
                    Button(action: goOn) {
                        Label(text(state.language, .gameLetBotGoOn), systemImage: "play.circle")
                    }
                }
            }
            // The result is the status once the game is over; shown apart only if it differs.
            if let result = state.result, result != state.status {
                Text(verbatim: result).font(.subheadline)
            }
        }
    }
}

/// A player's bar: who plays the side, whether it moves next, a threatened king, and the
/// pieces it has lost.
@MainActor
struct PlayerBarView: View {
    let bar: BarUi?
    let variant: Variant
    let language: Language

    var body: some View {
        if let bar {
            HStack(spacing: 6) {
                Circle()
                    .fill(bar.toMove ? Color.accentColor : Color.clear)
                    .frame(width: 8, height: 8)
                Text(verbatim: bar.title)
                    .font(bar.toMove ? .subheadline.bold() : .subheadline)
                    .lineLimit(1)
                if bar.threatened {
                    Image(systemName: "exclamationmark.triangle.fill").foregroundColor(.red)
                        .accessibilityLabel(Text(verbatim: text(language, .gameThreatened)))
                }
                Spacer(minLength: 4)
                ScrollView(.horizontal, showsIndicators: false) {
                    HStack(spacing: 2) {
                        ForEach(Array(bar.captured.enumerated()), id: \.offset) { item in
                            let c = item.element
                            PieceBadge(
                                piece: Piece(side: c.side, kind: .soldier, faceDown: c.faceDown),
                                label: c.label, variant: variant, size: 18)
                        }
                    }
                }
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(Text(verbatim: text(language, .gameCaptured)))
                .accessibilityValue(Text(verbatim: bar.captured.map(\.label).joined(separator: " ")))
            }
            .frame(minHeight: 22)
        }
    }
}

/// Shown instead of the board while the device waits to be handed to the next player, so
/// that nobody sees what only the other player may (Jieqi's hidden pieces).
@MainActor
struct HandOverView: View {
    let handOver: HandOverText
    let ready: @MainActor () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Spacer()
            Text(verbatim: handOver.title).font(.title2.bold()).multilineTextAlignment(.center)
            Text(verbatim: handOver.body).multilineTextAlignment(.center)
            Button(action: ready) { Text(verbatim: handOver.ready) }
                .buttonStyle(.borderedProminent)
            Spacer()
        }
        .frame(maxWidth: .infinity)
        .padding()
    }
}

/// The pieces a pawn may become; a move of several steps may also be started again.
@MainActor
struct PromotionView: View {
    let promotion: PromotionUi
    let variant: Variant
    let restartTitle: String?
    let choose: @MainActor (PieceKind) -> Void
    let restart: @MainActor () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Text(verbatim: promotion.title).font(.headline)
            HStack(spacing: 12) {
                ForEach(promotion.choices, id: \.piece.kind) { choice in
                    Button {
                        choose(choice.piece.kind)
                    } label: {
                        PieceBadge(piece: choice.piece, label: choice.label, variant: variant, size: 52)
                    }
                    .accessibilityLabel(Text(verbatim: choice.label))
                }
            }
            if let restartTitle {
                Button(restartTitle) { restart() }
            }
        }
        .padding()
        .presentationDetents([.height(200)])
        // A promotion must be chosen (or the move started again): no swipe away.
        .interactiveDismissDisabled()
    }
}

/// The moves, a row per move number, kept scrolled to the latest.
@MainActor
struct MoveListView: View {
    let moves: [MoveRow]
    let title: String

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(verbatim: title).font(.caption).foregroundColor(.secondary)
            ScrollViewReader { proxy in
                ScrollView {
                    LazyVStack(alignment: .leading, spacing: 2) {
                        ForEach(moves, id: \.number) { row in
                            HStack {
                                Text(verbatim: "\(row.number).")
                                    .frame(width: 36, alignment: .trailing)
                                    .foregroundColor(.secondary)
                                Text(verbatim: row.first ?? "…").frame(minWidth: 70, alignment: .leading)
                                Text(verbatim: row.second ?? "")
                            }
                            .font(.body.monospacedDigit())
                            .id(row.number)
                        }
                    }
                }
                .onChange(of: moves.count) { _ in
                    if let last = moves.last { proxy.scrollTo(last.number, anchor: .bottom) }
                }
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}
