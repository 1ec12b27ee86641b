package app.rodina.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.LazyListState
import androidx.compose.foundation.lazy.LazyRow
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.lazy.rememberLazyListState
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.unit.dp
import app.rodina.core.Language
import app.rodina.core.MoveRow
import app.rodina.core.UiText
import app.rodina.core.uiText

/** Stands for the first player's move when the game began with the second player to move. */
private const val NO_MOVE = "…"

/** A move row as one line: "12. C2=5 h9+7", or "1. … e5" when the first move is not there. */
fun moveRowText(row: MoveRow): String = buildString {
    append(row.number.toString()).append(". ").append(row.first ?: NO_MOVE)
    row.second?.let { append(' ').append(it) }
}

/** The move list as one scrolling line under a portrait board, kept at its latest move. */
@Composable
fun MoveStrip(moves: List<MoveRow>, modifier: Modifier = Modifier) {
    val list = rememberFollowingList(moves)
    LazyRow(
        state = list,
        contentPadding = PaddingValues(horizontal = 12.dp),
        horizontalArrangement = Arrangement.spacedBy(16.dp),
        modifier = modifier,
    ) {
        // Int keys: a list's keys must fit in a Bundle, and an unsigned number does not.
        items(moves, key = { it.number.toInt() }) { row ->
            Text(moveRowText(row), style = MaterialTheme.typography.bodyMedium)
        }
    }
}

/** The move list as a table of numbered rows, beside a landscape board. */
@Composable
fun MoveTable(moves: List<MoveRow>, language: Language, modifier: Modifier = Modifier) {
    val list = rememberFollowingList(moves)
    Column(modifier) {
        SectionTitle(uiText(language, UiText.GAME_MOVES), Modifier.padding(horizontal = 8.dp))
        LazyColumn(state = list, modifier = Modifier.weight(1f).fillMaxWidth()) {
            items(moves, key = { it.number.toInt() }) { row ->
                Row(
                    // Read as one line ("12. C2=5 h9+7"), not three loose cells.
                    Modifier
                        .padding(horizontal = 8.dp, vertical = 2.dp)
                        .semantics(mergeDescendants = true) { contentDescription = moveRowText(row) },
                ) {
                    Text(row.number.toString() + ".", Modifier.width(44.dp), color = MaterialTheme.colorScheme.onSurfaceVariant)
                    Text(row.first ?: NO_MOVE, Modifier.weight(1f))
                    Text(row.second.orEmpty(), Modifier.weight(1f))
                }
            }
        }
    }
}

/** A list state that scrolls to the latest move whenever one is played (or taken back). */
@Composable
private fun rememberFollowingList(moves: List<MoveRow>): LazyListState {
    val list = rememberLazyListState()
    LaunchedEffect(moves.size, moves.lastOrNull()) {
        if (moves.isNotEmpty()) list.animateScrollToItem(moves.lastIndex)
    }
    return list
}
