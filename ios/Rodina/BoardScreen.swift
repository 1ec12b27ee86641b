import RodinaCore
import SwiftUI

// What the game and the puzzle screens share round their board. The twin of the Android
// app's BoardScreen.kt: keep the two telling the same story.

/// The board of `state` between its players' bars, for a game and a puzzle alike; the board
/// takes the room the rest of the screen leaves. Its parts stand in the enclosing stack.
@MainActor
struct BoardWithBars: View {
    let state: any BoardScreenState
    let controls: any BoardControls

    var body: some View {
        PlayerBarView(bar: state.topBar, variant: state.variant, language: state.language)
        BoardCanvas(
            state: state,
            onTap: { controls.tap($0) },
            onDrag: { controls.drag(from: $0, to: $1) })
            .layoutPriority(1)
        PlayerBarView(bar: state.bottomBar, variant: state.variant, language: state.language)
    }
}

/// Why the last tap did nothing, and a problem that stays (a save, a puzzle that could not be
/// read), each until dismissed: `dismiss` clears both. They stand in the enclosing stack.
@MainActor
struct BoardMessages: View {
    let message: String?
    let problem: String?
    let language: Language
    let dismiss: @MainActor () -> Void

    var body: some View {
        if let message {
            DismissibleText(message: message, language: language, colour: .red, dismiss: dismiss)
        }
        if let problem {
            DismissibleText(message: problem, language: language, colour: .orange, dismiss: dismiss)
        }
    }
}

extension View {
    /// The frame of a screen with a board, a game's or a puzzle's: `title` in the navigation
    /// bar, the way back through `app`, the button that turns the board round (usable while
    /// `canFlip`), and the promotion sheet while the state `current` gives has one to choose.
    /// `current` is read when the sheet asks, so the sheet follows the controller's state.
    @MainActor
    func boardScreenFrame(
        title: String,
        language: Language,
        canFlip: Bool,
        app: AppController,
        controls: any BoardControls,
        current: @escaping @MainActor () -> any BoardScreenState
    ) -> some View {
        navigationTitle(title)
            .navigationBarTitleDisplayMode(.inline)
            // Leaving goes through the app (it waits for the last save, or the last attempt's
            // write), with the catalog's word; an edge swipe would also fight the board's drags.
            .navigationBarBackButtonHidden(true)
            .toolbar {
                ToolbarItem(placement: .navigationBarLeading) {
                    Button(text(language, .gameBack)) { _ = app.back() }
                }
                ToolbarItem(placement: .navigationBarTrailing) {
                    Button(text(language, .gameFlip)) { controls.flip() }
                        .disabled(!canFlip)
                }
            }
            .sheet(isPresented: Binding(get: { current().promotion != nil }, set: { _ in })) {
                let state = current()
                if let promotion = state.promotion {
                    PromotionView(
                        promotion: promotion,
                        variant: state.variant,
                        restartTitle: state.canRestartMove ? text(state.language, .gameRestartMove) : nil,
                        choose: { controls.choosePromotion($0) },
                        restart: { controls.restartMove() })
                }
            }
    }
}
