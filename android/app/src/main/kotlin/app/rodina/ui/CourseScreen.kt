package app.rodina.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.ListItem
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.core.ExerciseEntry
import app.rodina.core.LessonEntry
import app.rodina.state.CourseController
import app.rodina.state.CourseListState
import app.rodina.ui.boards.starPath

/** The most stars an exercise gives. */
private const val MAX_STARS = 3

/**
 * A game's rules course: how far the player has come (exercises solved, stars), the way on
 * to the first exercise not solved yet, and the lessons, each with its exercises (title, what
 * to do, the best score and its stars). A tap on an exercise opens it on the board. Every text
 * comes from the core's catalog.
 */
@Composable
fun CourseScreen(course: CourseController, onOpen: (String) -> Unit, onBack: () -> Unit) {
    val state by course.state.collectAsStateWithLifecycle()
    Scaffold(topBar = { BackTopBar(state.title, state.language, onBack) }) { padding ->
        LazyColumn(
            contentPadding = PaddingValues(top = 8.dp, bottom = 24.dp),
            modifier = Modifier.fillMaxSize().padding(padding),
        ) {
            state.problem?.let { problem ->
                item {
                    MessageBanner(
                        problem,
                        state.language,
                        onDismiss = course::dismissProblem,
                        modifier = Modifier.padding(horizontal = 16.dp, vertical = 8.dp),
                    )
                }
            }
            item { CourseProgress(state, onOpen) }
            if (state.loading && state.lessons.isEmpty()) {
                item {
                    Box(Modifier.fillMaxWidth().padding(24.dp), contentAlignment = Alignment.Center) {
                        CircularProgressIndicator()
                    }
                }
            }
            for (lesson in state.lessons) {
                item(key = "lesson-${lesson.id}") { LessonHeader(lesson) }
                items(lesson.exercises, key = { "exercise-${it.id}" }) { exercise ->
                    ExerciseRow(exercise, onOpen = { onOpen(exercise.id) })
                    HorizontalDivider()
                }
            }
        }
    }
}

/** How far the player has come, and the way on: "Continue" to the first exercise not solved. */
@Composable
private fun CourseProgress(state: CourseListState, onOpen: (String) -> Unit) {
    Column(
        Modifier.fillMaxWidth().padding(horizontal = 16.dp, vertical = 8.dp),
        verticalArrangement = Arrangement.spacedBy(8.dp),
    ) {
        val progress = listOf(state.solved, state.stars).filter { it.isNotEmpty() }.joinToString(" · ")
        if (progress.isNotEmpty()) Text(progress, style = MaterialTheme.typography.bodyLarge)
        state.allSolved?.let { Text(it, style = MaterialTheme.typography.bodyMedium, color = MaterialTheme.colorScheme.onSurfaceVariant) }
        state.next?.let { next ->
            Button(onClick = { onOpen(next) }) { Text(state.continueLabel) }
        }
    }
}

/** A lesson's title and the stars earned in it. */
@Composable
private fun LessonHeader(lesson: LessonEntry) {
    Row(
        verticalAlignment = Alignment.Bottom,
        modifier = Modifier.fillMaxWidth().padding(horizontal = 16.dp),
    ) {
        SectionTitle(lesson.title, Modifier.weight(1f))
        Text(
            lesson.starsText,
            style = MaterialTheme.typography.labelMedium,
            color = MaterialTheme.colorScheme.onSurfaceVariant,
            modifier = Modifier.padding(bottom = 4.dp),
        )
    }
}

/** An exercise: its number, title and goal, its best score and stars; the row opens it. */
@Composable
private fun ExerciseRow(exercise: ExerciseEntry, onOpen: () -> Unit) {
    ListItem(
        leadingContent = {
            Surface(
                shape = CircleShape,
                color = if (exercise.stars.toInt() > 0) MaterialTheme.colorScheme.primaryContainer else MaterialTheme.colorScheme.surfaceVariant,
                modifier = Modifier.size(36.dp),
            ) {
                Box(contentAlignment = Alignment.Center) {
                    Text(exercise.number.toString(), style = MaterialTheme.typography.labelLarge)
                }
            }
        },
        headlineContent = { Text(exercise.title) },
        supportingContent = { Text(exercise.goal) },
        trailingContent = {
            Column(horizontalAlignment = Alignment.End) {
                StarRow(exercise.stars.toInt(), exercise.bestText, 16.dp)
                if (exercise.best != null) {
                    Text(exercise.bestText, style = MaterialTheme.typography.labelSmall, color = MaterialTheme.colorScheme.onSurfaceVariant)
                }
            }
        },
        modifier = Modifier.fillMaxWidth().clickable(onClick = onOpen),
    )
}

/**
 * [earned] of three stars, filled or outlined, each [starSize] across; a screen reader says
 * [description] for the row instead of the picture.
 */
@Composable
fun StarRow(earned: Int, description: String, starSize: Dp) {
    val outline = MaterialTheme.colorScheme.outline
    Canvas(
        Modifier
            .size(starSize * MAX_STARS + 4.dp * (MAX_STARS - 1), starSize)
            .clearAndSetSemantics { contentDescription = description },
    ) {
        val step = (size.width - size.height) / (MAX_STARS - 1)
        val outer = size.height / 2f
        for (i in 0 until MAX_STARS) {
            val centre = Offset(outer + step * i, outer)
            val star = starPath(centre, outer, outer * 0.45f)
            if (i < earned) drawPath(star, BoardColors.star) else drawPath(star, outline, style = Stroke(outer * 0.14f))
        }
    }
}
