//! `rodina course`: the rules courses in the terminal: list a game's exercises, export them
//! as JSON, play one.

use std::io::{self, BufRead, IsTerminal, Write};

use rodina_app::text::{Language, course_text};
use rodina_learn::{Course, Ended, Exercise, Run};
use rodina_rules::{Seat, Variant, with_game};
use serde_json::json;

use crate::terminal::Terminal;

/// What `rodina course` does.
#[derive(clap::Subcommand, Debug)]
pub enum CourseCommand {
    /// List a game's exercises, lesson by lesson, with their goals and par.
    List {
        /// The game.
        variant: String,
        /// The language of the texts (en, sk).
        #[arg(long, default_value = "en")]
        language: String,
    },
    /// Print a game's exercises, one JSON object per line, with their texts in both languages.
    Export {
        /// The game.
        variant: String,
    },
    /// Play one exercise in the terminal.
    Play {
        /// The game.
        variant: String,
        /// The exercise's id (as `list` shows it).
        exercise: String,
        /// The language of the texts (en, sk).
        #[arg(long, default_value = "en")]
        language: String,
    },
}

/// Runs a `rodina course` command.
pub fn run(command: CourseCommand) -> Result<(), String> {
    match command {
        CourseCommand::List { variant, language } => {
            let (course, language) = (course_of(&variant)?, language_of(&language)?);
            for lesson in &course.lessons {
                println!("{}", course_text(language, &lesson.title_id(course.variant)));
                for e in &lesson.exercises {
                    println!(
                        "  {:<20} par {:>2}  {}  {}",
                        e.id.name,
                        e.par,
                        course_text(language, &e.text_id("title")),
                        course_text(language, &e.text_id("goal"))
                    );
                }
            }
            Ok(())
        }
        CourseCommand::Export { variant } => {
            let course = course_of(&variant)?;
            let mut out = io::stdout().lock();
            for lesson in &course.lessons {
                for e in &lesson.exercises {
                    match writeln!(out, "{}", export(&course, &lesson.id, e)) {
                        Ok(()) => {}
                        // The reader stopped (`| head`): nothing more to say.
                        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
                        Err(err) => return Err(err.to_string()),
                    }
                }
            }
            Ok(())
        }
        CourseCommand::Play { variant, exercise, language } => {
            let (course, language) = (course_of(&variant)?, language_of(&language)?);
            let e = course
                .exercise(&exercise)
                .ok_or_else(|| format!("no exercise {exercise:?} in the {variant} course"))?;
            play(e, language)
        }
    }
}

fn course_of(variant: &str) -> Result<Course, String> {
    let v: Variant = variant.parse().map_err(|e: rodina_rules::UnknownName| e.to_string())?;
    Course::embedded(v).map_err(|e| e.to_string())
}

fn language_of(code: &str) -> Result<Language, String> {
    code.parse::<Language>().map_err(|e| e.to_string())
}

/// One exercise as a JSON object: its data as the player sees it and every text in both
/// languages.
fn export(course: &Course, lesson: &str, e: &Exercise) -> serde_json::Value {
    let lesson_id = format!("course-{}-lesson-{lesson}", course.variant.name());
    let texts = |language| {
        let map: serde_json::Map<String, serde_json::Value> = e
            .text_parts()
            .into_iter()
            .map(|(part, id)| (part, json!(course_text(language, &id))))
            .collect();
        serde_json::Value::Object(map)
    };
    // The position as the player's seat sees it: a Jieqi exercise's face-down identities are
    // not told (the course file holds them; what it hands out does not).
    let fen = e.game().view_fen(Seat::Player(e.player));
    json!({
        "id": e.id.to_string(),
        "lesson": lesson,
        "lesson_title": {
            "en": course_text(Language::English, &lesson_id),
            "sk": course_text(Language::Slovak, &lesson_id),
        },
        "fen": fen,
        "goal": serde_json::to_value(e.goal).unwrap_or_default(),
        "par": e.par,
        "targets": e.targets.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
        "replies": e.replies,
        "fail": serde_json::to_value(&e.fail).unwrap_or_default(),
        "texts": { "en": texts(Language::English), "sk": texts(Language::Slovak) },
    })
}

/// Plays `e` in the terminal: the board as the player's seat sees it, the goal, a move per
/// line (`hint` shows the next hint, `quit` stops).
fn play(e: &Exercise, language: Language) -> Result<(), String> {
    let color = io::stdout().is_terminal();
    let seat = Seat::Player(e.player);
    let mut run = Run::new(e);
    let mut hints = 0;
    println!("{}", course_text(language, &e.text_id("title")));
    println!("{}", course_text(language, &e.text_id("goal")));
    if !e.targets.is_empty() {
        let targets: Vec<String> = e.targets.iter().map(|p| p.to_string()).collect();
        println!("* {}", targets.join(" "));
    }
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        // The player's seat's view: a Jieqi exercise never shows a face-down identity.
        let board = with_game!(run.game(), g => Terminal::draw(&g.view(seat), color));
        print!("{board}");
        print!("> ");
        io::stdout().flush().map_err(|e| e.to_string())?;
        let Some(line) = lines.next() else { return Ok(()) };
        let line = line.map_err(|e| e.to_string())?;
        let text = line.trim();
        match text {
            "" => continue,
            "quit" => return Ok(()),
            "hint" => {
                if hints < e.hints {
                    hints += 1;
                    println!("{}", course_text(language, &e.text_id(&format!("hint-{hints}"))));
                }
                continue;
            }
            _ => {}
        }
        match run.play(text) {
            Err(err) => println!("{err}"),
            Ok(step) => {
                if let Some(p) = step.collected {
                    println!("* {p}");
                }
                if let Some(reply) = &step.reply {
                    println!("{reply}");
                }
                match step.ended {
                    None => {}
                    Some(Ended::Solved { score }) => {
                        println!("{}", course_text(language, &e.text_id("done")));
                        let stars = "*".repeat(usize::from(score.stars().0));
                        println!("{} ({}, {stars})", score.points, run.moves());
                        return Ok(());
                    }
                    Some(ended) => {
                        if let Some(id) = ended.text_id() {
                            println!("{}", course_text(language, id));
                        }
                        return Ok(());
                    }
                }
            }
        }
    }
}
