//! The game pages: how a game is played, its story, "did you know", the original names of
//! its pieces and the sources, as data (`pages/GAME.json`) whose texts are catalog messages.

use rodina_rules::Variant;
use serde::{Deserialize, Serialize};

use crate::CourseError;

/// What a section of a game page is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SectionKind {
    /// How the game is played.
    Rules,
    /// When and where, how the game changed, today.
    Story,
    /// A fact to remember.
    DidYouKnow,
    /// What the pieces are called in the game's own language.
    PieceNames,
    /// Where the page's facts come from.
    Sources,
}

impl SectionKind {
    /// Every kind, in the order a page shows them; every page has each once.
    pub const ALL: [SectionKind; 5] = [
        SectionKind::Rules,
        SectionKind::Story,
        SectionKind::DidYouKnow,
        SectionKind::PieceNames,
        SectionKind::Sources,
    ];
}

/// One section of a page: its kind and its parts, each a heading and a paragraph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// What it is.
    pub kind: SectionKind,
    /// Its parts' names (`board`, `centre`, ...), in order.
    pub parts: Vec<String>,
}

/// A game's page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    /// The game (`jesonmor`, ...).
    pub variant: String,
    /// Its sections, in order.
    pub sections: Vec<Section>,
}

impl Page {
    /// The page of `variant` shipped in the core.
    pub fn embedded(variant: Variant) -> Result<Page, CourseError> {
        let text = match variant {
            Variant::Xiangqi => include_str!("../pages/xiangqi.json"),
            Variant::Jieqi => include_str!("../pages/jieqi.json"),
            Variant::JesonMor => include_str!("../pages/jesonmor.json"),
            Variant::Friendly => include_str!("../pages/friendly.json"),
        };
        let page: Page =
            serde_json::from_str(text).map_err(|e| CourseError::Json(e.to_string()))?;
        if page.variant != variant.name() {
            return Err(CourseError::Variant(page.variant));
        }
        Ok(page)
    }

    /// The catalog id of the page's one-line summary: `page-GAME-summary`.
    pub fn summary_id(&self) -> String {
        format!("page-{}-summary", self.variant)
    }

    /// The catalog id of a section's heading: `page-GAME-KIND`.
    pub fn section_id(&self, kind: SectionKind) -> String {
        let kind = match kind {
            SectionKind::Rules => "rules",
            SectionKind::Story => "story",
            SectionKind::DidYouKnow => "did-you-know",
            SectionKind::PieceNames => "piece-names",
            SectionKind::Sources => "sources",
        };
        format!("page-{}-{kind}", self.variant)
    }

    /// The catalog ids of a part's heading and paragraph: `page-GAME-PART-title`, `page-GAME-PART`.
    pub fn part_ids(&self, part: &str) -> (String, String) {
        (format!("page-{}-{part}-title", self.variant), format!("page-{}-{part}", self.variant))
    }

    /// Every catalog id the page uses.
    pub fn text_ids(&self) -> Vec<String> {
        let mut ids = vec![self.summary_id()];
        for s in &self.sections {
            ids.push(self.section_id(s.kind));
            for p in &s.parts {
                let (title, text) = self.part_ids(p);
                ids.extend([title, text]);
            }
        }
        ids
    }
}
