//! Every game the rules crate knows, by id: one line per game in `GAMES` and
//! in `dispatch!`. Used by the command-line tool; the app has its own registry
//! that adds a view per game.

use crate::contract::Game;
use crate::driver::{play_to_end, Policy};
use crate::en_gingg::{self, EnGingg};
use crate::midend::{Match, Record};
use serde_json::{json, Value};

/// Calls `$f::<G>($args)` for the game with id `$id`.
macro_rules! dispatch {
    ($id:expr, $f:ident ( $($arg:expr),* )) => {
        match $id {
            EnGingg::ID => $f::<EnGingg>($($arg),*),
            other => Err(format!(
                "Unknown game \"{other}\". Known games: {}.",
                GAMES.join(", ")
            )),
        }
    };
}

/// The ids of every playable game.
pub const GAMES: &[&str] = &[EnGingg::ID];

/// Replays a game given as JSON (a `Record`: game, seed, seats, options,
/// moves) and returns the final state and scores as JSON.
pub fn replay_json(text: &str) -> Result<Value, String> {
    let head: Value =
        serde_json::from_str(text).map_err(|e| format!("The file is not valid JSON: {e}."))?;
    let id = head
        .get("game")
        .and_then(Value::as_str)
        .ok_or("The file names no game: it needs a \"game\" field, for example \"en-gingg\".")?
        .to_string();
    dispatch!(id.as_str(), replay_value(head))
}

fn replay_value<G: Game>(value: Value) -> Result<Value, String> {
    let record: Record<G> = serde_json::from_value(value)
        .map_err(|e| format!("The file does not describe a game of {}: {e}.", G::ID))?;
    let m = Match::<G>::replay(record).map_err(|e| e.en)?;
    let st = m.state();
    let outcome = st.outcome();
    Ok(json!({
        "game": G::ID,
        "moves": m.record().moves.len(),
        "over": outcome.is_some(),
        "to_act": st.to_act(),
        "scores": st.scores(),
        "places": outcome.map(|o| o.places),
        "state": st,
    }))
}

/// What `simulate` measured.
#[derive(Debug, Clone)]
pub struct SimReport {
    pub game: String,
    pub games: usize,
    pub policies: Vec<Policy>,
    pub avg_score: Vec<f64>,
    /// Share of games each seat finished in first place (shared firsts count).
    pub win_rate: Vec<f64>,
    pub avg_moves: f64,
    /// Game-specific figures, name and value.
    pub extra: Vec<(String, f64)>,
}

impl SimReport {
    pub fn to_json(&self) -> Value {
        json!({
            "game": self.game,
            "games": self.games,
            "policies": self.policies.iter().map(|p| format!("{p:?}").to_lowercase()).collect::<Vec<_>>(),
            "avg_score": self.avg_score,
            "win_rate": self.win_rate,
            "avg_moves": self.avg_moves,
            "extra": self.extra.iter().map(|(k, v)| json!({"name": k, "value": v})).collect::<Vec<_>>(),
        })
    }
}

/// Plays `games` games with the given policies (seeds `seed..seed+games`).
pub fn simulate(
    game: &str,
    policies: &[Policy],
    games: usize,
    seed: u64,
) -> Result<SimReport, String> {
    dispatch!(game, simulate_game(policies, games, seed))
}

fn simulate_game<G: Game>(
    policies: &[Policy],
    games: usize,
    seed: u64,
) -> Result<SimReport, String> {
    if !(G::MIN_SEATS..=G::MAX_SEATS).contains(&policies.len()) {
        return Err(format!(
            "{} needs {} to {} players, not {}.",
            G::ID,
            G::MIN_SEATS,
            G::MAX_SEATS,
            policies.len()
        ));
    }
    if games == 0 {
        return Err("Simulate at least one game.".into());
    }
    let n = policies.len();
    let mut score = vec![0f64; n];
    let mut wins = vec![0f64; n];
    let mut moves = 0f64;
    let mut matches = Vec::with_capacity(games);
    for g in 0..games as u64 {
        let s = seed.wrapping_add(g);
        let m = play_to_end::<G>(
            policies,
            &G::Options::default(),
            s,
            s ^ 0x5EED,
            10_000_000,
            false,
        )
        .map_err(|e| format!("game with seed {s} failed: {e:?}"))?;
        let o = m.state().outcome().expect("played to the end");
        for seat in 0..n {
            score[seat] += o.scores[seat] as f64;
            if o.places[seat] == 1 {
                wins[seat] += 1.0;
            }
        }
        moves += m.record().moves.len() as f64;
        matches.push(m);
    }
    let k = games as f64;
    let extra = extra_stats::<G>(&matches, policies);
    Ok(SimReport {
        game: G::ID.into(),
        games,
        policies: policies.to_vec(),
        avg_score: score.iter().map(|s| s / k).collect(),
        win_rate: wins.iter().map(|w| w / k).collect(),
        avg_moves: moves / k,
        extra,
    })
}

/// Game-specific measurements (through serde so this stays generic).
fn extra_stats<G: Game>(matches: &[Match<G>], policies: &[Policy]) -> Vec<(String, f64)> {
    if G::ID != EnGingg::ID {
        return Vec::new();
    }
    // En Gingg: the computer player's average phase 1 balance change per turn,
    // next to the exact optimum from the dynamic programme.
    let mut sum = 0f64;
    let mut count = 0f64;
    for m in matches {
        for events in m.events() {
            for e in events {
                let Ok(en_gingg::Event::Phase1Done { seat, delta, .. }) =
                    serde_json::to_value(e).and_then(serde_json::from_value)
                else {
                    continue;
                };
                if policies[seat] == Policy::Computer {
                    sum += delta as f64;
                    count += 1.0;
                }
            }
        }
    }
    let mut out = vec![(
        "exact expected phase-1 change per turn (optimal)".to_string(),
        en_gingg::Phase1Table::get().expected_turn_change(),
    )];
    if count > 0.0 {
        out.push((
            "computer average phase-1 change per turn".into(),
            sum / count,
        ));
        out.push(("computer phase-1 turns measured".into(), count));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_rejects_bad_files_clearly() {
        assert!(replay_json("not json")
            .unwrap_err()
            .contains("not valid JSON"));
        assert!(replay_json("{}").unwrap_err().contains("names no game"));
        assert!(replay_json(r#"{"game":"chess"}"#)
            .unwrap_err()
            .contains("Unknown game"));
        let e =
            replay_json(r#"{"game":"en-gingg","seed":1,"seats":[{"name":"A","kind":"human"}]}"#)
                .unwrap_err();
        assert!(e.contains("2 to 8 players"), "{e}");
        let e = replay_json(
            r#"{"game":"en-gingg","seed":1,"seats":[{"name":"A","kind":"human"},{"name":"B","kind":"human"}],
                "moves":[{"seat":0,"action":"roll"},{"seat":0,"action":"roll"}]}"#,
        )
        .unwrap_err();
        assert!(e.starts_with("Move 2:"), "{e}");
    }

    #[test]
    fn replay_prints_scores() {
        let v = replay_json(
            r#"{"game":"en-gingg","seed":1,"seats":[{"name":"A","kind":"human"},{"name":"B","kind":"computer"}],
                "moves":[{"seat":0,"action":"roll"}]}"#,
        )
        .unwrap();
        assert_eq!(v["scores"], json!([37, 37]));
        assert_eq!(v["over"], json!(false));
        assert_eq!(v["to_act"], json!([0]));
    }

    #[test]
    fn simulate_matches_exact_expectation() {
        let r = simulate(
            "en-gingg",
            &[Policy::Computer, Policy::Computer, Policy::Computer],
            300,
            1,
        )
        .unwrap();
        let exact = r.extra[0].1;
        let avg = r.extra[1].1;
        let n = r.extra[2].1;
        // Phase 1 totals have a standard deviation below 6; 4 standard errors.
        assert!(
            (avg - exact).abs() < 4.0 * 6.0 / n.sqrt(),
            "avg {avg} exact {exact} n {n}"
        );
        let wins: f64 = r.win_rate.iter().sum();
        assert!(wins >= 1.0);
    }
}
