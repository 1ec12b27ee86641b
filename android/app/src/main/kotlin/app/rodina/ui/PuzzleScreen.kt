package app.rodina.ui

import androidx.compose.animation.animateContentSize
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.LocalContentColor
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.R
import app.rodina.core.PuzzlePhase
import app.rodina.core.UiText
import app.rodina.core.uiText
import app.rodina.state.PuzzleController
import app.rodina.state.PuzzleScreenState

/**
 * A game's puzzles, one after the other: the board (the game's own, with the player's side at
 * the bottom), the bars, what to do ("Your turn: find the best move for Red"), then right or
 * wrong, the result and the rating's change; the hint, the solution to step through, a retry
 * and the next puzzle; the difficulty of the next ones. On a wide screen the board is on the
 * left and the rest beside it. Every text comes from the core's catalog.
 */
@Composable
fun PuzzleScreen(puzzles: PuzzleController, onBack: () -> Unit) {
    val state by puzzles.state.collectAsStateWithLifecycle()
    BoardScaffold(state, puzzles, state.title, canFlip = state.cells.isNotEmpty(), onBack) { padding ->
        BoxWithConstraints(Modifier.fillMaxSize().padding(padding)) {
            if (state.cells.isEmpty()) {
                NoPuzzle(state, puzzles)
            } else {
                BoardLayout(state, puzzles, tallPanelHeight = 96.dp, moveStripWhenTall = false, panel = { PuzzlePanel(state, puzzles, it) }) {
                    PuzzleActions(state, puzzles)
                }
            }
        }
    }
}

/** While a puzzle is chosen, or when none is left (or the bank has none yet). */
@Composable
private fun NoPuzzle(state: PuzzleScreenState, puzzles: PuzzleController) {
    Column(
        Modifier.fillMaxSize().padding(24.dp),
        verticalArrangement = Arrangement.spacedBy(16.dp, Alignment.CenterVertically),
        horizontalAlignment = Alignment.CenterHorizontally,
    ) {
        if (state.loading) CircularProgressIndicator()
        Text(
            state.empty ?: state.status,
            style = MaterialTheme.typography.titleMedium,
            textAlign = TextAlign.Center,
            modifier = Modifier.semantics { liveRegion = LiveRegionMode.Polite },
        )
        state.progress?.let { Text(it, color = MaterialTheme.colorScheme.onSurfaceVariant) }
        state.problem?.let { MessageBanner(it, state.language, onDismiss = puzzles::dismissMessage) }
        if (!state.loading) DifficultyChoice(state, puzzles)
    }
}

/**
 * What to do, or how it went: the status (told to a screen reader as it changes), the
 * hint, the result with the rating and its change, the puzzle's rating and themes once it is
 * over, the solution's step, a refused tap, a problem, and the difficulty of the next puzzles.
 */
@Composable
private fun PuzzlePanel(state: PuzzleScreenState, puzzles: PuzzleController, modifier: Modifier = Modifier) {
    val language = state.language
    Column(modifier.fillMaxWidth().animateContentSize(), verticalArrangement = Arrangement.spacedBy(6.dp)) {
        val over = state.phase == PuzzlePhase.SOLVED || state.phase == PuzzlePhase.FAILED
        Surface(
            color = when (state.phase) {
                PuzzlePhase.SOLVED -> MaterialTheme.colorScheme.tertiaryContainer
                PuzzlePhase.FAILED -> MaterialTheme.colorScheme.errorContainer
                else -> MaterialTheme.colorScheme.surface
            },
            shape = MaterialTheme.shapes.medium,
            modifier = Modifier.fillMaxWidth().padding(top = 4.dp),
        ) {
            Column(Modifier.padding(12.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) {
                Text(
                    state.status,
                    style = MaterialTheme.typography.titleMedium,
                    modifier = Modifier.semantics { liveRegion = LiveRegionMode.Polite },
                )
                state.hint?.let { Text(it, style = MaterialTheme.typography.bodyMedium) }
                val rating = listOfNotNull(state.rating.takeIf { it.isNotEmpty() }, state.change).joinToString(" · ")
                if (rating.isNotEmpty()) {
                    Text(rating, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.semantics { liveRegion = LiveRegionMode.Polite })
                }
                if (over) {
                    val about = listOfNotNull(state.puzzleText, state.themes.joinToString(", ").takeIf { it.isNotEmpty() })
                    if (about.isNotEmpty()) {
                        Text(about.joinToString(" · "), style = MaterialTheme.typography.bodySmall, color = LocalContentColor.current.copy(alpha = 0.8f))
                    }
                }
            }
        }
        state.message?.let { RefusalText(it) }
        state.problem?.let { MessageBanner(it, language, onDismiss = puzzles::dismissMessage) }
        DifficultyChoice(state, puzzles)
    }
}

/** How hard the next puzzles are, by the catalog's names. */
@Composable
private fun DifficultyChoice(state: PuzzleScreenState, puzzles: PuzzleController) {
    Column(Modifier.fillMaxWidth()) {
        SectionTitle(uiText(state.language, UiText.PUZZLE_DIFFICULTY))
        SegmentedChoice(state.difficulties, state.difficulty, onSelect = puzzles::chooseDifficulty)
    }
}

/**
 * The actions of the moment: while the puzzle goes on, a hint and the solution; once it is
 * over, the solution's steps, a retry (unrated) and the next puzzle.
 */
@Composable
private fun PuzzleActions(state: PuzzleScreenState, puzzles: PuzzleController) {
    val language = state.language
    val showing = state.solution != null
    ActionRow {
        if (showing) {
            ActionButton(R.drawable.ic_step_back, uiText(language, UiText.PUZZLE_PREVIOUS_MOVE), enabled = state.canStepBack) {
                puzzles.stepSolution(forward = false)
            }
            ActionButton(R.drawable.ic_step_forward, uiText(language, UiText.PUZZLE_NEXT_MOVE), enabled = state.canStepForward) {
                puzzles.stepSolution(forward = true)
            }
        } else {
            ActionButton(R.drawable.ic_hint, uiText(language, UiText.PUZZLE_HINT), enabled = state.canHint, onClick = puzzles::hint)
            ActionButton(R.drawable.ic_solution, uiText(language, UiText.PUZZLE_SHOW_SOLUTION), enabled = state.canShowSolution, onClick = puzzles::showSolution)
        }
        ActionButton(R.drawable.ic_restart, uiText(language, UiText.PUZZLE_RETRY), enabled = state.canRetry, onClick = puzzles::retry)
        ActionButton(R.drawable.ic_next, uiText(language, UiText.PUZZLE_NEXT), enabled = state.canNext, onClick = puzzles::next)
    }
}
