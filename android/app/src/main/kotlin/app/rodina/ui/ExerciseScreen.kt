package app.rodina.ui

import androidx.compose.animation.animateContentSize
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
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
import app.rodina.core.CoursePhase
import app.rodina.core.UiText
import app.rodina.core.uiText
import app.rodina.state.ExerciseController
import app.rodina.state.ExerciseScreenState

/**
 * An exercise of a rules course on the game's own board (the player's side at the bottom, the
 * targets starred): what to do, how many moves against par and targets so far, the hints
 * asked for, then the result (the stars, the score and the best so far, the exercise's words
 * on success, or why it failed); a hint, a retry and the next exercise. On a wide screen the
 * board is on the left and the rest beside it. Every text comes from the core's catalog.
 */
@Composable
fun ExerciseScreen(exercise: ExerciseController, onBack: () -> Unit) {
    val state by exercise.state.collectAsStateWithLifecycle()
    BoardScaffold(state, exercise, state.title, canFlip = state.cells.isNotEmpty(), onBack) { padding ->
        BoxWithConstraints(Modifier.fillMaxSize().padding(padding)) {
            if (state.cells.isEmpty()) {
                NoExercise(state, exercise)
            } else {
                BoardLayout(state, exercise, tallPanelHeight = 120.dp, moveStripWhenTall = false, panel = { ExercisePanel(state, exercise, it) }) {
                    ExerciseActions(state, exercise)
                }
            }
        }
    }
}

/** While the exercise opens, or when it could not be opened. */
@Composable
private fun NoExercise(state: ExerciseScreenState, exercise: ExerciseController) {
    Column(
        Modifier.fillMaxSize().padding(24.dp),
        verticalArrangement = Arrangement.spacedBy(16.dp, Alignment.CenterVertically),
        horizontalAlignment = Alignment.CenterHorizontally,
    ) {
        if (state.loading) CircularProgressIndicator()
        Text(state.status, style = MaterialTheme.typography.titleMedium, textAlign = TextAlign.Center)
        state.problem?.let { MessageBanner(it, state.language, onDismiss = exercise::dismissMessage) }
    }
}

/**
 * What to do and how it goes: the exercise's place and goal, the status (told to a screen
 * reader as it changes), moves against par and targets, the hints, and once it is over the
 * result with its stars, score and best, or the reason it failed; a refused tap; a problem.
 */
@Composable
private fun ExercisePanel(state: ExerciseScreenState, exercise: ExerciseController, modifier: Modifier = Modifier) {
    Column(modifier.fillMaxWidth().animateContentSize(), verticalArrangement = Arrangement.spacedBy(6.dp)) {
        Surface(
            color = when (state.phase) {
                CoursePhase.SOLVED -> MaterialTheme.colorScheme.tertiaryContainer
                CoursePhase.FAILED -> MaterialTheme.colorScheme.errorContainer
                else -> MaterialTheme.colorScheme.surface
            },
            shape = MaterialTheme.shapes.medium,
            modifier = Modifier.fillMaxWidth().padding(top = 4.dp),
        ) {
            Column(Modifier.padding(12.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) {
                val place = listOf(state.number, state.lessonTitle).filter { it.isNotEmpty() }.joinToString(" · ")
                Text(place, style = MaterialTheme.typography.labelMedium, color = LocalContentColor.current.copy(alpha = 0.8f))
                Text(state.goal, style = MaterialTheme.typography.titleMedium)
                Text(
                    state.status,
                    style = MaterialTheme.typography.bodyLarge,
                    modifier = Modifier.semantics { liveRegion = LiveRegionMode.Polite },
                )
                val counts = listOfNotNull(state.movesText, state.targetsText).joinToString(" · ")
                Text(counts, style = MaterialTheme.typography.bodySmall)
                for (hint in state.hints) Text(hint, style = MaterialTheme.typography.bodyMedium)
                if (state.phase == CoursePhase.SOLVED) {
                    Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                        StarRow(state.stars, state.starsText ?: "", 24.dp)
                        val score = listOfNotNull(state.scoreText, state.bestText).joinToString(" · ")
                        Text(score, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.semantics { liveRegion = LiveRegionMode.Polite })
                    }
                    state.doneText?.let { Text(it, style = MaterialTheme.typography.bodyMedium) }
                }
                state.refusalText?.let { Text(it, style = MaterialTheme.typography.bodyMedium) }
            }
        }
        state.message?.let { RefusalText(it) }
        state.problem?.let { MessageBanner(it, state.language, onDismiss = exercise::dismissMessage) }
    }
}

/** The actions of the moment: a hint while the exercise goes on, a retry, the next exercise once it is over. */
@Composable
private fun ExerciseActions(state: ExerciseScreenState, exercise: ExerciseController) {
    val language = state.language
    ActionRow {
        ActionButton(R.drawable.ic_hint, uiText(language, UiText.COURSE_HINT), enabled = state.canHint, onClick = exercise::hint)
        ActionButton(R.drawable.ic_restart, uiText(language, UiText.COURSE_RETRY), enabled = state.canRetry, onClick = exercise::retry)
        ActionButton(R.drawable.ic_next, uiText(language, UiText.COURSE_NEXT), enabled = state.canNext, onClick = exercise::next)
    }
}
