package app.rodina.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.itemsIndexed
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.rodina.core.Language
import app.rodina.core.PagePart
import app.rodina.core.PageSectionKind
import app.rodina.core.Variant
import app.rodina.state.gamePageState

/**
 * A game's page: its one-line summary, then its sections (how it is played, its story, "did
 * you know", the original names of its pieces, the sources), each a heading and its parts, a
 * heading and a paragraph each. "Did you know" stands out on a card of its own. The texts are
 * the core's, in [language]; reading them takes no database, so they are read here.
 */
@Composable
fun GamePageScreen(variant: Variant, language: Language, onBack: () -> Unit) {
    val page = remember(variant, language) { gamePageState(variant, language) }
    Scaffold(topBar = { BackTopBar(page.title, language, onBack) }) { padding ->
        LazyColumn(
            contentPadding = PaddingValues(start = 16.dp, end = 16.dp, top = 8.dp, bottom = 32.dp),
            verticalArrangement = Arrangement.spacedBy(8.dp),
            modifier = Modifier.fillMaxSize().padding(padding),
        ) {
            page.problem?.let { item { MessageBanner(it, language, onDismiss = null) } }
            if (page.summary.isNotEmpty()) {
                item { Text(page.summary, style = MaterialTheme.typography.titleMedium) }
            }
            page.sections.forEachIndexed { s, section ->
                item(key = "section-$s") {
                    Text(
                        section.title,
                        style = MaterialTheme.typography.titleLarge,
                        color = MaterialTheme.colorScheme.primary,
                        modifier = Modifier.padding(top = 16.dp).semantics { heading() },
                    )
                }
                itemsIndexed(section.parts, key = { p, _ -> "section-$s-part-$p" }) { _, part ->
                    if (section.kind == PageSectionKind.DID_YOU_KNOW) {
                        Surface(
                            color = MaterialTheme.colorScheme.tertiaryContainer,
                            shape = MaterialTheme.shapes.medium,
                            modifier = Modifier.fillMaxWidth(),
                        ) {
                            PagePartText(part, Modifier.padding(12.dp))
                        }
                    } else {
                        PagePartText(part)
                    }
                }
            }
        }
    }
}

/** One part of a section: its heading (for screen readers to jump between) and its paragraph. */
@Composable
private fun PagePartText(part: PagePart, modifier: Modifier = Modifier) {
    Column(modifier.fillMaxWidth(), verticalArrangement = Arrangement.spacedBy(4.dp)) {
        Text(part.title, style = MaterialTheme.typography.titleSmall, modifier = Modifier.semantics { heading() })
        Text(part.text, style = MaterialTheme.typography.bodyLarge)
    }
}
