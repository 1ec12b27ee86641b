package app.rodina.ui

import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraintsScope
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.RowScope
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.LocalContentColor
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.res.painterResource
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import app.rodina.R
import app.rodina.core.UiText
import app.rodina.core.uiText
import app.rodina.state.BoardControls
import app.rodina.state.BoardScreenState
import app.rodina.ui.boards.GameBoard

/**
 * The frame of a screen with a board, a game's or a puzzle's: the top bar with [title], the
 * way back and the button that turns the board round (enabled while [canFlip]), [content]
 * under it, and the promotion dialog while [state] has a promotion to choose.
 */
@Composable
fun BoardScaffold(
    state: BoardScreenState,
    controls: BoardControls,
    title: String,
    canFlip: Boolean,
    onBack: () -> Unit,
    content: @Composable (PaddingValues) -> Unit,
) {
    val language = state.language
    Scaffold(
        topBar = {
            BackTopBar(title, language, onBack) {
                IconButton(onClick = controls::flip, enabled = canFlip) {
                    Icon(painterResource(R.drawable.ic_flip), contentDescription = uiText(language, UiText.GAME_FLIP))
                }
            }
        },
        content = content,
    )
    state.promotion?.let { promotion ->
        PromotionDialog(
            promotion,
            state.variant,
            language,
            canRestart = state.canRestartMove,
            onChoose = controls::choosePromotion,
            onRestart = controls::restartMove,
        )
    }
}

/**
 * The board of [state] between its players' bars, with the screen's [panel] and [actions],
 * laid out for the room the constraints give. [panel] gets the modifier its place asks for.
 *
 * Portrait: the bars right above and below the board and the panel under them, kept together
 * in the height the move strip ([moveStripWhenTall]) and the actions leave (the board shrinks
 * on a short screen, the rest never). The panel keeps at least [tallPanelHeight], room for a
 * line of refusal, so a refused tap does not move the board.
 *
 * Landscape (or a tablet): the board as tall as the screen, everything else in a column
 * beside it, the move table among them.
 */
@Composable
fun BoxWithConstraintsScope.BoardLayout(
    state: BoardScreenState,
    controls: BoardControls,
    tallPanelHeight: Dp,
    moveStripWhenTall: Boolean,
    panel: @Composable (Modifier) -> Unit,
    actions: @Composable () -> Unit,
) {
    if (maxWidth > maxHeight) {
        Row(Modifier.fillMaxSize().padding(8.dp), horizontalArrangement = Arrangement.spacedBy(12.dp)) {
            Box(Modifier.weight(1f).fillMaxHeight(), contentAlignment = Alignment.Center) {
                GameBoard(state, state.hoveringPiece, onTap = controls::tap, onDrag = controls::drag)
            }
            Column(Modifier.width(360.dp).fillMaxHeight(), verticalArrangement = Arrangement.spacedBy(4.dp)) {
                state.topBar?.let { PlayerBar(it, state.variant, state.language) }
                panel(Modifier)
                MoveTable(state.moves, state.language, Modifier.weight(1f).fillMaxWidth())
                state.bottomBar?.let { PlayerBar(it, state.variant, state.language) }
                actions()
            }
        }
    } else {
        Column(Modifier.fillMaxSize().padding(horizontal = 8.dp)) {
            Column(Modifier.weight(1f).fillMaxWidth(), verticalArrangement = Arrangement.Center) {
                state.topBar?.let { PlayerBar(it, state.variant, state.language, Modifier.padding(vertical = 4.dp)) }
                Box(Modifier.weight(1f, fill = false).fillMaxWidth(), contentAlignment = Alignment.Center) {
                    GameBoard(state, state.hoveringPiece, onTap = controls::tap, onDrag = controls::drag)
                }
                state.bottomBar?.let { PlayerBar(it, state.variant, state.language, Modifier.padding(vertical = 4.dp)) }
                panel(Modifier.heightIn(min = tallPanelHeight))
            }
            if (moveStripWhenTall) MoveStrip(state.moves, Modifier.fillMaxWidth().padding(vertical = 4.dp))
            actions()
        }
    }
}

/**
 * Why the last tap did nothing, in the error colour. It lasts until the next tap, which
 * clears it; told to a screen reader as it appears, since the board shows no refusal.
 */
@Composable
fun RefusalText(message: String) {
    Text(
        message,
        color = MaterialTheme.colorScheme.error,
        style = MaterialTheme.typography.bodyMedium,
        modifier = Modifier.padding(horizontal = 4.dp).semantics { liveRegion = LiveRegionMode.Polite },
    )
}

/** A row of [ActionButton]s under (or beside) a board, each an equal share of its width. */
@Composable
fun ActionRow(content: @Composable RowScope.() -> Unit) {
    Row(Modifier.fillMaxWidth().padding(vertical = 4.dp), content = content)
}

/** An icon over its label, the width of its share of the row; the label is what a screen reader says. */
@Composable
fun RowScope.ActionButton(icon: Int, label: String, enabled: Boolean = true, onClick: () -> Unit) {
    val color = LocalContentColor.current.copy(alpha = if (enabled) 1f else 0.38f)
    Column(
        horizontalAlignment = Alignment.CenterHorizontally,
        modifier = Modifier
            .weight(1f)
            .clip(MaterialTheme.shapes.medium)
            .clickable(enabled = enabled, role = Role.Button, onClick = onClick)
            .padding(horizontal = 4.dp, vertical = 8.dp),
    ) {
        Icon(painterResource(icon), contentDescription = null, tint = color)
        Text(
            label,
            color = color,
            style = MaterialTheme.typography.labelMedium,
            textAlign = TextAlign.Center,
            maxLines = 2,
            modifier = Modifier.padding(top = 4.dp),
        )
    }
}
