package app.rodina.ui

import androidx.compose.foundation.horizontalScroll
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.rememberScrollState
import androidx.compose.material3.Icon
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.res.painterResource
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import app.rodina.R
import app.rodina.core.Language
import app.rodina.core.UiText
import app.rodina.core.Variant
import app.rodina.core.uiText
import app.rodina.state.BarUi
import app.rodina.state.CapturedUi
import app.rodina.ui.boards.PieceToken
import app.rodina.ui.boards.SideMarker

/**
 * A player's bar beside the board: the side's marker (strong while it is to move), the
 * bar's title ("Red · Person"), a warning when this side's general (king) is threatened, and
 * the pieces it has captured, a face-down capture never seen shown by its back.
 */
@Composable
fun PlayerBar(bar: BarUi, variant: Variant, language: Language, modifier: Modifier = Modifier) {
    val danger = MaterialTheme.colorScheme.error
    Surface(
        color = if (bar.toMove) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent,
        shape = MaterialTheme.shapes.small,
        // One stop for a screen reader: the title and the captured pieces together.
        modifier = modifier.fillMaxWidth().semantics(mergeDescendants = true) {},
    ) {
        Row(
            verticalAlignment = Alignment.CenterVertically,
            horizontalArrangement = Arrangement.spacedBy(10.dp),
            modifier = Modifier.padding(horizontal = 12.dp, vertical = 6.dp),
        ) {
            SideMarker(variant, bar.side, active = bar.toMove, size = 14.dp)
            Column(Modifier.weight(1f)) {
                Row(verticalAlignment = Alignment.CenterVertically) {
                    Text(
                        bar.title,
                        style = MaterialTheme.typography.titleSmall,
                        color = if (bar.threatened) danger else Color.Unspecified,
                        maxLines = 1,
                        overflow = TextOverflow.Ellipsis,
                        modifier = Modifier.weight(1f, fill = false),
                    )
                    if (bar.threatened) {
                        // The status line says it in words; the bar shows whose king it is.
                        Icon(
                            painterResource(R.drawable.ic_warning),
                            contentDescription = uiText(language, UiText.GAME_THREATENED),
                            tint = danger,
                            modifier = Modifier.padding(start = 6.dp).size(18.dp),
                        )
                    }
                }
                if (bar.captured.isNotEmpty()) CapturedRow(bar.captured, variant, language)
            }
        }
    }
}

/** The captured pieces, small and overlapping a little; read out as "Captured", then "俥 馬". */
@Composable
private fun CapturedRow(captured: List<CapturedUi>, variant: Variant, language: Language) {
    val title = uiText(language, UiText.GAME_CAPTURED)
    val pieces = captured.joinToString(" ") { it.label }
    Row(
        horizontalArrangement = Arrangement.spacedBy((-4).dp),
        modifier = Modifier
            .padding(top = 2.dp)
            .horizontalScroll(rememberScrollState())
            .clearAndSetSemantics {
                contentDescription = title
                stateDescription = pieces
            },
    ) {
        for (c in captured) PieceToken(c.label, c.side, c.faceDown, variant, 20.dp)
    }
}
