//! Every game's page: it reads, it has every kind of section once and in order (how it is
//! played, the story with when and where, how the game changed and today, "did you know",
//! the original piece names, the sources), and every heading and paragraph it shows exists,
//! non-empty, in English and in Slovak.

use std::collections::BTreeSet;

use rodina_learn::{Page, SectionKind};
use rodina_rules::Variant;

mod support;
use support::messages;

fn pages() -> Vec<(Variant, Page)> {
    Variant::ALL.iter().map(|&v| (v, Page::embedded(v).expect("the game's page"))).collect()
}

/// The position of `kind` in [`SectionKind::ALL`], by a match that names every kind: a new
/// kind fails to compile here until it is placed.
fn place(kind: SectionKind) -> usize {
    match kind {
        SectionKind::Rules => 0,
        SectionKind::Story => 1,
        SectionKind::DidYouKnow => 2,
        SectionKind::PieceNames => 3,
        SectionKind::Sources => 4,
    }
}

#[test]
fn section_kind_all_names_every_kind_once_in_order() {
    for (i, &kind) in SectionKind::ALL.iter().enumerate() {
        assert_eq!(place(kind), i, "{kind:?}");
    }
}

#[test]
fn every_page_has_every_kind_of_section_once_in_order() {
    for (v, page) in pages() {
        let kinds: Vec<SectionKind> = page.sections.iter().map(|s| s.kind).collect();
        assert_eq!(kinds, SectionKind::ALL, "{v}: the sections");
        let mut parts = BTreeSet::new();
        for s in &page.sections {
            assert!(!s.parts.is_empty(), "{v}: {:?} has no part", s.kind);
            for p in &s.parts {
                let name_ok = !p.is_empty()
                    && p.split('-').all(|w| {
                        !w.is_empty()
                            && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                    });
                assert!(name_ok, "{v}: part name {p:?}");
                assert!(parts.insert(p.clone()), "{v}: part {p} twice");
            }
        }
        let story = page.sections.iter().find(|s| s.kind == SectionKind::Story).expect("a story");
        assert_eq!(story.parts, ["when", "changed", "today"], "{v}: the story's parts");
    }
}

#[test]
fn every_heading_and_paragraph_exists_in_both_languages_and_is_not_empty() {
    let [en, sk] = rodina_learn::MESSAGES.map(messages);
    for (v, page) in pages() {
        let mut shown = vec![(page.summary_id(), true)];
        for s in &page.sections {
            shown.push((page.section_id(s.kind), true));
            for p in &s.parts {
                let (title, text) = page.part_ids(p);
                shown.push((title, true));
                // A list of sources may read the same in both languages.
                shown.push((text, s.kind != SectionKind::Sources));
            }
        }
        assert_eq!(
            shown.iter().map(|(id, _)| id.clone()).collect::<Vec<_>>(),
            page.text_ids(),
            "{v}: every text the page shows"
        );
        for (id, translated) in shown {
            let texts = [("en", en.get(&id)), ("sk", sk.get(&id))].map(|(language, text)| {
                let text = text.unwrap_or_else(|| panic!("{v}: no {language} message {id}"));
                assert!(!text.trim().is_empty(), "{v}: {language} {id} is empty");
                assert!(!text.contains(['{', '}']), "{v}: {language} {id} has a placeable");
                text
            });
            if translated {
                assert_ne!(texts[0], texts[1], "{v}: {id} is not translated");
            }
        }
    }
}

#[test]
fn the_slovak_pages_are_written_with_diacritics() {
    let sk = messages(rodina_learn::MESSAGES[1]);
    let diacritics = "áäčďéíĺľňóôŕšťúýžÁČĎÉÍĽŇÓŠŤÚÝŽ";
    for (v, page) in pages() {
        let rules = page.sections.iter().find(|s| s.kind == SectionKind::Rules).expect("rules");
        for p in &rules.parts {
            let (_, id) = page.part_ids(p);
            let text = &sk[&id];
            assert!(text.contains(|c| diacritics.contains(c)), "{v}: {id} reads {text:?}");
        }
    }
}
