package app.rodina.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.ElevatedCard
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.material3.TopAppBar
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.painterResource
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.R
import app.rodina.core.Language
import app.rodina.core.OnlineLabel
import app.rodina.core.Piece
import app.rodina.core.PieceKind
import app.rodina.core.PieceStyle
import app.rodina.core.Side
import app.rodina.core.UiText
import app.rodina.core.Variant
import app.rodina.core.onlineLabel
import app.rodina.core.pieceLabel
import app.rodina.core.uiText
import app.rodina.state.AppController
import app.rodina.state.GameCard
import app.rodina.state.PieceUi
import app.rodina.ui.boards.PieceToken

/** The home screen: the four games, each opening its own page, and the way to the settings. */
@OptIn(ExperimentalMaterial3Api::class)
@Composable
fun HomeScreen(app: AppController, language: Language) {
    val home by app.home.collectAsStateWithLifecycle()
    val settings by app.settings.collectAsStateWithLifecycle()
    Scaffold(
        topBar = {
            TopAppBar(
                title = { Text(uiText(language, UiText.HOME_TITLE)) },
                actions = {
                    IconButton(onClick = app::openSettings) {
                        Icon(painterResource(R.drawable.ic_settings), contentDescription = uiText(language, UiText.HOME_SETTINGS))
                    }
                },
            )
        },
    ) { padding ->
        LazyColumn(
            contentPadding = PaddingValues(16.dp),
            verticalArrangement = Arrangement.spacedBy(12.dp),
            modifier = Modifier.fillMaxSize().padding(padding),
        ) {
            if (home.loading) item { LinearProgressIndicator(Modifier.fillMaxWidth()) }
            home.message?.let { message ->
                item { MessageBanner(message, language, onDismiss = app::dismissHomeMessage) }
            }
            items(home.games, key = { it.variant }) { card ->
                GameCardItem(card, settings.pieceStyle, language, onClick = { app.openGameHome(card.variant) })
            }
            // A friend's invitation of any game: the code they sent (a link opens it directly).
            if (home.online) {
                item {
                    ElevatedCard(onClick = { app.openJoin() }, modifier = Modifier.fillMaxWidth()) {
                        Row(
                            verticalAlignment = Alignment.CenterVertically,
                            horizontalArrangement = Arrangement.spacedBy(16.dp),
                            modifier = Modifier.padding(16.dp),
                        ) {
                            Icon(painterResource(R.drawable.ic_online), contentDescription = null)
                            Text(onlineLabel(language, OnlineLabel.JOIN_TITLE), style = MaterialTheme.typography.titleMedium)
                        }
                    }
                }
            }
        }
    }
}

/**
 * One game: a piece of its own as its emblem, its name and, when some are, how many of its
 * games are in progress ("2 games in progress", as the catalog counts).
 */
@Composable
private fun GameCardItem(card: GameCard, style: PieceStyle, language: Language, onClick: () -> Unit) {
    ElevatedCard(onClick = onClick, modifier = Modifier.fillMaxWidth()) {
        Row(
            verticalAlignment = Alignment.CenterVertically,
            horizontalArrangement = Arrangement.spacedBy(16.dp),
            modifier = Modifier.padding(16.dp),
        ) {
            // Decoration: the card is read by the game's name.
            PieceToken(emblem(card.variant, style, language), card.variant, 48.dp, Modifier.clearAndSetSemantics {})
            Column(Modifier.weight(1f)) {
                Text(card.name, style = MaterialTheme.typography.titleLarge)
                card.inProgressText?.let {
                    Text(it, style = MaterialTheme.typography.bodyMedium, color = MaterialTheme.colorScheme.onSurfaceVariant)
                }
            }
        }
    }
}

/** The piece that stands for [variant]: its king (general), for Jieqi a hidden piece, for Jeson Mor a knight. */
private fun emblem(variant: Variant, style: PieceStyle, language: Language): PieceUi {
    val piece = when (variant) {
        Variant.XIANGQI -> Piece(Side.FIRST, PieceKind.GENERAL, faceDown = false)
        Variant.JIEQI -> Piece(Side.FIRST, PieceKind.SOLDIER, faceDown = true)
        Variant.JESON_MOR -> Piece(Side.FIRST, PieceKind.KNIGHT, faceDown = false)
        Variant.FRIENDLY -> Piece(Side.FIRST, PieceKind.KING, faceDown = false)
    }
    return PieceUi(piece, pieceLabel(language, style, piece))
}
