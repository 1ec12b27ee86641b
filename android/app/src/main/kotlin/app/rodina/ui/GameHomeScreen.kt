package app.rodina.ui

import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.ElevatedCard
import androidx.compose.material3.ExtendedFloatingActionButton
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.ListItem
import androidx.compose.material3.ListItemDefaults
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.res.painterResource
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.R
import app.rodina.core.Language
import app.rodina.core.OnlineLabel
import app.rodina.core.UiText
import app.rodina.core.Variant
import app.rodina.core.gameName
import app.rodina.core.onlineLabel
import app.rodina.core.uiText
import app.rodina.state.AppController
import app.rodina.state.CourseCard
import app.rodina.state.PuzzleCard
import app.rodina.state.SavedGameRow

/**
 * One game's page: its puzzles (the player's rating and how many they solved, a tap away),
 * its rules course (exercises solved and stars), the page of its rules and story, a game
 * with a friend online (when the app has a server), its saved
 * games, the latest first (tap to go on playing, or delete), and the way to a new game of it.
 */
@Composable
fun GameHomeScreen(app: AppController, variant: Variant, language: Language) {
    val home by app.home.collectAsStateWithLifecycle()
    val rows = home.savedOf(variant)
    // A game is deleted only once the player confirms it: there is no taking a deletion back.
    var deleting by remember { mutableStateOf<SavedGameRow?>(null) }
    Scaffold(
        topBar = { BackTopBar(gameName(language, variant), language, onBack = { app.back() }) },
        floatingActionButton = {
            ExtendedFloatingActionButton(
                onClick = { app.openNewGame(variant) },
                icon = { Icon(painterResource(R.drawable.ic_add), contentDescription = null) },
                text = { Text(uiText(language, UiText.HOME_NEW_GAME)) },
            )
        },
    ) { padding ->
        LazyColumn(
            // Room at the bottom for the button floating over the list's end.
            contentPadding = PaddingValues(top = 8.dp, bottom = 96.dp),
            modifier = Modifier.fillMaxSize().padding(padding),
        ) {
            home.message?.let { message ->
                item {
                    MessageBanner(
                        message,
                        language,
                        onDismiss = app::dismissHomeMessage,
                        modifier = Modifier.padding(horizontal = 16.dp, vertical = 8.dp),
                    )
                }
            }
            home.puzzlesOf(variant)?.let { card ->
                item { PuzzleEntry(card, onOpen = { app.openPuzzles(variant) }) }
            }
            home.courseOf(variant)?.let { card ->
                item { CourseEntry(card, onOpen = { app.openCourse(variant) }) }
            }
            item { PageEntry(home.pageEntry, onOpen = { app.openGamePage(variant) }) }
            if (home.online) {
                item { OnlineEntry(onlineLabel(language, OnlineLabel.ENTRY), R.drawable.ic_online, onOpen = { app.openInvite(variant) }) }
            }
            item { SectionTitle(uiText(language, UiText.HOME_SAVED_GAMES), Modifier.padding(horizontal = 16.dp)) }
            if (rows.isEmpty() && !home.loading) {
                item {
                    Text(
                        uiText(language, UiText.HOME_NO_GAMES),
                        style = MaterialTheme.typography.bodyLarge,
                        color = MaterialTheme.colorScheme.onSurfaceVariant,
                        modifier = Modifier.padding(16.dp),
                    )
                }
            }
            items(rows, key = { it.id }) { row ->
                SavedGameItem(row, language, onOpen = { app.resumeGame(row.id) }, onDelete = { deleting = row })
                HorizontalDivider()
            }
        }
    }
    deleting?.let { row ->
        // The dialog names the game (the catalog has no "Delete this game?" question yet).
        AlertDialog(
            onDismissRequest = { deleting = null },
            title = { Text(row.title) },
            text = { Text(row.subtitle) },
            confirmButton = {
                TextButton(onClick = {
                    deleting = null
                    app.deleteGame(row.id)
                }) { Text(uiText(language, UiText.HOME_DELETE)) }
            },
            dismissButton = {
                TextButton(onClick = { deleting = null }) { Text(uiText(language, UiText.DISMISS)) }
            },
        )
    }
}

/** A saved game: its title and subtitle from the catalog; the row opens it. */
@Composable
private fun SavedGameItem(row: SavedGameRow, language: Language, onOpen: () -> Unit, onDelete: () -> Unit) {
    ListItem(
        headlineContent = { Text(row.title) },
        supportingContent = { Text(row.subtitle) },
        trailingContent = {
            IconButton(onClick = onDelete) {
                Icon(painterResource(R.drawable.ic_delete), contentDescription = uiText(language, UiText.HOME_DELETE))
            }
        },
        modifier = Modifier.fillMaxWidth().clickable(onClick = onOpen),
    )
}

/**
 * The game's puzzles: the entry's title, the player's rating and progress as the catalog says
 * them, or why the puzzles cannot be used. It opens the puzzles even when none is left, where
 * the puzzle screen says why.
 */
@Composable
private fun PuzzleEntry(card: PuzzleCard, onOpen: () -> Unit) {
    ElevatedCard(onClick = onOpen, modifier = Modifier.fillMaxWidth().padding(horizontal = 16.dp, vertical = 8.dp)) {
        ListItem(
            // The card's colour shows through: the entry reads as one card.
            colors = ListItemDefaults.colors(containerColor = Color.Transparent),
            leadingContent = { Icon(painterResource(R.drawable.ic_puzzle), contentDescription = null) },
            headlineContent = { Text(card.title, style = MaterialTheme.typography.titleMedium) },
            supportingContent = {
                Text(card.problem ?: listOf(card.rating, card.solved, card.attempts).filter { it.isNotEmpty() }.joinToString(" · "))
            },
        )
    }
}

/**
 * The game's rules course: the entry's title and the player's progress as the catalog says it,
 * or why the course cannot be used.
 */
@Composable
private fun CourseEntry(card: CourseCard, onOpen: () -> Unit) {
    ElevatedCard(onClick = onOpen, modifier = Modifier.fillMaxWidth().padding(horizontal = 16.dp, vertical = 8.dp)) {
        ListItem(
            colors = ListItemDefaults.colors(containerColor = Color.Transparent),
            leadingContent = { Icon(painterResource(R.drawable.ic_course), contentDescription = null) },
            headlineContent = { Text(card.title, style = MaterialTheme.typography.titleMedium) },
            supportingContent = {
                Text(card.problem ?: listOf(card.solved, card.stars).filter { it.isNotEmpty() }.joinToString(" · "))
            },
        )
    }
}

/** The way to the game's page of rules and story ("About the game"). */
@Composable
private fun PageEntry(title: String, onOpen: () -> Unit) {
    ElevatedCard(onClick = onOpen, modifier = Modifier.fillMaxWidth().padding(horizontal = 16.dp, vertical = 8.dp)) {
        ListItem(
            colors = ListItemDefaults.colors(containerColor = Color.Transparent),
            leadingContent = { Icon(painterResource(R.drawable.ic_info), contentDescription = null) },
            headlineContent = { Text(title, style = MaterialTheme.typography.titleMedium) },
        )
    }
}
