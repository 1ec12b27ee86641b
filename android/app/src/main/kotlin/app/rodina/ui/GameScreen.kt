package app.rodina.ui

import androidx.compose.animation.animateContentSize
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.FilledTonalIconButton
import androidx.compose.material3.Icon
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.painterResource
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.R
import app.rodina.core.UiText
import app.rodina.core.gameName
import app.rodina.core.uiText
import app.rodina.state.GameController
import app.rodina.state.GameScreenState

/**
 * A game of any kind: the players' bars around the board, the status (or the result), the
 * move list and the actions; on a wide screen the board on the left and the rest beside it.
 * While the device waits to be handed over, the hand-over screen shows instead of the board.
 * The board stays drawn and usable while a bot thinks: a take-back stops it.
 */
@Composable
fun GameScreen(game: GameController, onBack: () -> Unit) {
    val state by game.state.collectAsStateWithLifecycle()
    BoardScaffold(state, game, gameName(state.language, state.variant), canFlip = state.handOver == null, onBack) { padding ->
        val handOver = state.handOver
        if (handOver != null) {
            HandOverScreen(handOver, onReady = game::confirmHandOver, modifier = Modifier.padding(padding))
        } else {
            BoxWithConstraints(Modifier.fillMaxSize().padding(padding)) {
                BoardLayout(state, game, tallPanelHeight = 72.dp, moveStripWhenTall = true, panel = { StatusPanel(state, game, it) }) {
                    GameActions(state, game)
                }
            }
        }
    }
}

/**
 * The status line (or, once the game is over, the result), the bot's thinking and the way
 * to stop it or let it go on, why the last tap did nothing, and a save that failed.
 */
@Composable
private fun StatusPanel(state: GameScreenState, game: GameController, modifier: Modifier = Modifier) {
    val language = state.language
    Column(modifier.fillMaxWidth().animateContentSize(), verticalArrangement = Arrangement.spacedBy(6.dp)) {
        val result = state.result
        if (result != null) {
            // The status line says the same once the game is over: the result alone, set apart.
            Surface(
                color = MaterialTheme.colorScheme.tertiaryContainer,
                shape = MaterialTheme.shapes.medium,
                modifier = Modifier.fillMaxWidth().padding(top = 4.dp),
            ) {
                Text(
                    result,
                    style = MaterialTheme.typography.titleMedium,
                    textAlign = TextAlign.Center,
                    modifier = Modifier.padding(12.dp).semantics { liveRegion = LiveRegionMode.Polite },
                )
            }
        } else {
            Row(verticalAlignment = Alignment.CenterVertically, modifier = Modifier.padding(horizontal = 4.dp)) {
                Text(
                    state.status,
                    style = MaterialTheme.typography.titleMedium,
                    // Told as it changes (the bot moved, check): a screen reader user cannot see the board.
                    modifier = Modifier.weight(1f).padding(vertical = 8.dp).semantics { liveRegion = LiveRegionMode.Polite },
                )
                if (state.thinking) {
                    CircularProgressIndicator(Modifier.size(20.dp), strokeWidth = 2.dp)
                    FilledTonalIconButton(onClick = game::stopBot, modifier = Modifier.padding(start = 8.dp)) {
                        Icon(painterResource(R.drawable.ic_stop), contentDescription = uiText(language, UiText.GAME_STOP_BOT))
                    }
                }
                if (state.botStopped) {
                    FilledTonalButton(onClick = game::letBotGoOn) {
                        Icon(painterResource(R.drawable.ic_play), contentDescription = null, modifier = Modifier.size(18.dp))
                        Text(uiText(language, UiText.GAME_LET_BOT_GO_ON), modifier = Modifier.padding(start = 8.dp))
                    }
                }
            }
        }
        // Dismissing a refusal here would also clear a save problem (one call clears both),
        // so it has no button of its own.
        state.message?.let { RefusalText(it) }
        state.saveProblem?.let { MessageBanner(it, language, onDismiss = game::dismissMessage) }
    }
}

/**
 * Take back, start the move again (only while a move of several steps is under way), a draw
 * the two people at the device agree (pass-and-play only: a bot is never asked), resign.
 *
 * [GameScreenState.canRestartMove] is true as soon as a piece is picked up, in every game,
 * where starting again is only putting it down (a tap does that); the button would come and
 * go at every selection. It is offered where a move really has steps: a chain's released
 * piece hovering, or a promotion to choose.
 */
@Composable
private fun GameActions(state: GameScreenState, game: GameController) {
    val language = state.language
    val stepsUnderWay = state.canRestartMove && (state.promotion != null || state.cells.any { it.hovering })
    ActionRow {
        ActionButton(R.drawable.ic_undo, uiText(language, UiText.GAME_UNDO), enabled = state.canUndo, onClick = game::undo)
        if (stepsUnderWay) {
            ActionButton(R.drawable.ic_restart, uiText(language, UiText.GAME_RESTART_MOVE), onClick = game::restartMove)
        }
        if (state.canAgreeDraw) {
            ActionButton(R.drawable.ic_draw, uiText(language, UiText.GAME_DRAW), onClick = game::agreeDraw)
        }
        // No confirmation: a resignation (and a draw) is taken back like a move.
        ActionButton(R.drawable.ic_flag, uiText(language, UiText.GAME_RESIGN), enabled = state.canResign, onClick = game::resign)
    }
}
