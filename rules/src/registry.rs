//! Every game the rules crate knows: one line per game in `for_each_game!`.
//! Used by the command-line tool; the app has its own registry that adds a
//! view module per game.

use crate::contract::{parse_options, Game, OptionSpec};
use crate::driver::{play_to_end, Check, Policy};
use crate::midend::{Match, Record};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;

/// The one list of games: calls `$m!` with every game type.
macro_rules! for_each_game {
    ($m:ident) => {
        $m!(
            crate::en_gingg::EnGingg,
            crate::mindgolf::MindGolf,
            crate::choice::Choice,
            crate::minesweeper::Minesweeper,
            crate::gnoming::Gnoming
        )
    };
}

/// Something to do with one game type, chosen by id at run time.
pub trait Visit {
    type Out;
    fn visit<G: Game>(self) -> Self::Out;
}

/// Runs `v` with the game whose id is `id`.
pub fn visit<V: Visit>(id: &str, v: V) -> Result<V::Out, String> {
    macro_rules! go {
        ($($g:ty),*) => {
            $( if id == <$g as Game>::ID { return Ok(v.visit::<$g>()); } )*
        };
    }
    for_each_game!(go);
    Err(format!(
        "Unknown game \"{id}\". Known games: {}.",
        ids().join(", ")
    ))
}

/// The ids of every game, in registry order.
pub fn ids() -> Vec<&'static str> {
    macro_rules! list {
        ($($g:ty),*) => { vec![$(<$g as Game>::ID),*] };
    }
    for_each_game!(list)
}

/// A game's registry facts, for `spielblock-cli games`.
pub fn describe(id: &str) -> Result<Value, String> {
    struct Describe;
    impl Visit for Describe {
        type Out = Value;
        fn visit<G: Game>(self) -> Value {
            let options: Vec<OptionSpec> = G::options_spec();
            let mut players = vec!["strong", "casual", "random"];
            players.extend(G::baselines());
            json!({
                "id": G::ID,
                "players": [G::MIN_SEATS, G::MAX_SEATS],
                "private_info": G::PRIVATE_INFO,
                "options": options,
                "policies": players,
            })
        }
    }
    visit(id, Describe)
}

fn read_record<G: Game>(value: Value) -> Result<Record<G>, String> {
    let options = value.get("options").cloned().unwrap_or(json!({}));
    let options = parse_options::<G>(&options).map_err(|e| format!("Options: {e}"))?;
    let mut value = value;
    if let Some(o) = value.as_object_mut() {
        o.remove("options");
    }
    let mut record: Record<G> = serde_json::from_value(value)
        .map_err(|e| format!("The file does not describe a game of {}: {e}.", G::ID))?;
    record.options = options;
    Ok(record)
}

fn parse_head(text: &str) -> Result<(Value, String), String> {
    let head: Value =
        serde_json::from_str(text).map_err(|e| format!("The file is not valid JSON: {e}."))?;
    let id = head
        .get("game")
        .and_then(Value::as_str)
        .ok_or("The file names no game: it needs a \"game\" field, for example \"en-gingg\".")?
        .to_string();
    Ok((head, id))
}

/// Replays a game given as JSON (a `Record`: game, seed, seats, options,
/// moves) and returns the final state and scores as JSON.
pub fn replay_json(text: &str) -> Result<Value, String> {
    struct Replay(Value);
    impl Visit for Replay {
        type Out = Result<Value, String>;
        fn visit<G: Game>(self) -> Self::Out {
            let m = Match::<G>::replay(read_record::<G>(self.0)?).map_err(|e| e.to_string())?;
            let st = m.state();
            let outcome = st.outcome();
            Ok(json!({
                "game": G::ID,
                "moves": m.record().moves.len(),
                "over": outcome.is_some(),
                "to_act": st.to_act(),
                "turn": st.turn_number(),
                "scores": st.scores(),
                "places": outcome.map(|o| o.places),
                "state": st,
            }))
        }
    }
    let (head, id) = parse_head(text)?;
    visit(&id, Replay(head))?
}

/// Replays a game move by move, as JSON lines: a first line with the set-up
/// and the starting scores, one line per move (its number from 1, seat,
/// action, every event with every die face, the scores after it and who
/// decides next), and a last line with the outcome.
pub fn trace_json(text: &str) -> Result<Vec<Value>, String> {
    struct Trace(Value);
    impl Visit for Trace {
        type Out = Result<Vec<Value>, String>;
        fn visit<G: Game>(self) -> Self::Out {
            let record = read_record::<G>(self.0)?;
            let moves = record.moves.clone();
            let mut m = Match::<G>::new(record.seats.clone(), record.options.clone(), record.seed)
                .map_err(|e| e.to_string())?;
            let mut lines = vec![json!({
                "game": G::ID,
                "seed": record.seed,
                "options": record.options,
                "seats": record.seats,
                "scores": m.state().scores(),
                "to_act": m.state().to_act(),
                // The whole starting state, hidden facts included (where
                // Minesweeper's mines are), so a checker can replay the
                // rules without this engine's random numbers.
                "start": m.state(),
            })];
            for (i, mv) in moves.into_iter().enumerate() {
                if mv.seat >= record.seats.len() {
                    return Err(format!("Move {}: there is no seat {}.", i + 1, mv.seat));
                }
                let events = m
                    .apply(mv.seat, mv.action.clone())
                    .map_err(|e| format!("Move {}: {e}", i + 1))?
                    .to_vec();
                lines.push(json!({
                    "move": i + 1,
                    "seat": mv.seat,
                    "action": mv.action,
                    "events": events,
                    "scores": m.state().scores(),
                    "to_act": m.state().to_act(),
                }));
            }
            let outcome = m.state().outcome();
            lines.push(json!({
                "over": outcome.is_some(),
                "moves": m.record().moves.len(),
                "scores": m.state().scores(),
                "places": outcome.map(|o| o.places),
            }));
            Ok(lines)
        }
    }
    let (head, id) = parse_head(text)?;
    visit(&id, Trace(head))?
}

/// What `simulate` is asked to do.
#[derive(Debug, Clone)]
pub struct SimRequest {
    pub game: String,
    /// One policy name per seat: strong, casual, random or a game baseline.
    pub players: Vec<String>,
    /// Options as JSON (missing fields take their defaults).
    pub options: Value,
    pub games: usize,
    /// Game i uses seed + i.
    pub seed: u64,
    /// Where to write every game's record (the replay format), if anywhere.
    pub records: Option<std::path::PathBuf>,
}

/// What `simulate` measured.
#[derive(Debug, Clone)]
pub struct SimReport {
    pub game: String,
    pub games: usize,
    pub players: Vec<String>,
    pub options: Value,
    pub avg_score: Vec<f64>,
    pub median_score: Vec<f64>,
    /// Standard deviation of each seat's final score.
    pub sd_score: Vec<f64>,
    /// Share of games each seat finished first alone.
    pub win_rate: Vec<f64>,
    /// Share of games each seat shared the first place.
    pub shared_first_rate: Vec<f64>,
    pub avg_place: Vec<f64>,
    pub avg_moves: f64,
    /// Game figures per policy: (figure, policy, mean, observations).
    pub figures: Vec<(String, String, f64, f64)>,
    /// Exact reference values the game provides.
    pub reference: Vec<(String, f64)>,
}

impl SimReport {
    pub fn to_json(&self) -> Value {
        json!({
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "options": self.options,
            "avg_score": self.avg_score,
            "median_score": self.median_score,
            "sd_score": self.sd_score,
            "win_rate": self.win_rate,
            "shared_first_rate": self.shared_first_rate,
            "avg_place": self.avg_place,
            "avg_moves": self.avg_moves,
            "figures": self.figures.iter().map(|(f, p, mean, n)| json!({"name": f, "player": p, "mean": mean, "count": n})).collect::<Vec<_>>(),
            "reference": self.reference.iter().map(|(k, v)| json!({"name": k, "value": v})).collect::<Vec<_>>(),
        })
    }
}

/// Plays `req.games` games with the given policies.
pub fn simulate(req: &SimRequest) -> Result<SimReport, String> {
    struct Sim<'a>(&'a SimRequest);
    impl Visit for Sim<'_> {
        type Out = Result<SimReport, String>;
        fn visit<G: Game>(self) -> Self::Out {
            simulate_game::<G>(self.0)
        }
    }
    visit(&req.game, Sim(req))?
}

fn simulate_game<G: Game>(req: &SimRequest) -> Result<SimReport, String> {
    let policies = req
        .players
        .iter()
        .map(|p| Policy::parse::<G>(p.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    let n = policies.len();
    if !(G::MIN_SEATS..=G::MAX_SEATS).contains(&n) {
        return Err(format!(
            "{} needs {} to {} players, not {n}.",
            G::ID,
            G::MIN_SEATS,
            G::MAX_SEATS,
        ));
    }
    if req.games == 0 {
        return Err("Simulate at least one game.".into());
    }
    let options = parse_options::<G>(&req.options).map_err(|e| format!("Options: {e}"))?;
    if let Some(dir) = &req.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        // Never over another run's records: refuse before playing.
        for g in 0..req.games as u64 {
            let path = record_path(dir, G::ID, req.seed.wrapping_add(g));
            if path.exists() {
                return Err(format!(
                    "{} exists (a record from another run): choose another folder or seed",
                    path.display()
                ));
            }
        }
    }
    let mut score = vec![0f64; n];
    let mut all: Vec<Vec<f64>> = vec![Vec::with_capacity(req.games); n];
    let mut wins = vec![0f64; n];
    let mut shared = vec![0f64; n];
    let mut place = vec![0f64; n];
    let mut moves = 0f64;
    let mut figures: BTreeMap<(String, String), (f64, f64)> = BTreeMap::new();
    for g in 0..req.games as u64 {
        let s = req.seed.wrapping_add(g);
        let m = play_to_end::<G>(&policies, &options, s, s ^ 0x5EED, 10_000_000, Check::None)
            .map_err(|e| format!("game with seed {s} failed: {e:?}"))?;
        let o = m.state().outcome().expect("played to the end");
        for seat in 0..n {
            score[seat] += o.scores[seat] as f64;
            all[seat].push(o.scores[seat] as f64);
            place[seat] += o.places[seat] as f64;
            if o.places[seat] == 1 {
                if o.is_shared(seat) {
                    shared[seat] += 1.0;
                } else {
                    wins[seat] += 1.0;
                }
            }
        }
        moves += m.record().moves.len() as f64;
        for f in G::figures(m.events()) {
            let e = figures
                .entry((f.name.to_string(), policies[f.seat].name()))
                .or_default();
            e.0 += f.sum;
            e.1 += f.count;
        }
        if let Some(dir) = &req.records {
            let path = record_path(dir, G::ID, s);
            let text = serde_json::to_string(m.record()).expect("a record serializes");
            write_new_file(&path, &text)?;
        }
    }
    let k = req.games as f64;
    let per = |v: &[f64]| v.iter().map(|x| x / k).collect::<Vec<_>>();
    Ok(SimReport {
        game: G::ID.into(),
        games: req.games,
        players: policies.iter().map(Policy::name).collect(),
        options: serde_json::to_value(&options).expect("options serialize"),
        avg_score: per(&score),
        median_score: all
            .iter_mut()
            .map(|v| {
                v.sort_by(f64::total_cmp);
                let m = v.len() / 2;
                if v.len() % 2 == 1 {
                    v[m]
                } else {
                    (v[m - 1] + v[m]) / 2.0
                }
            })
            .collect(),
        sd_score: all
            .iter()
            .map(|v| {
                let mean = v.iter().sum::<f64>() / v.len() as f64;
                (v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / v.len() as f64).sqrt()
            })
            .collect(),
        win_rate: per(&wins),
        shared_first_rate: per(&shared),
        avg_place: per(&place),
        avg_moves: moves / k,
        figures: figures
            .into_iter()
            .map(|((f, p), (sum, count))| (f, p, sum / count.max(1.0), count))
            .collect(),
        reference: G::reference_figures()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    })
}

fn record_path(dir: &Path, game: &str, seed: u64) -> std::path::PathBuf {
    dir.join(format!("{game}-{seed}.json"))
}

/// Writes a file that must not exist yet (another run's is never replaced).
fn write_new_file(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(players: &[&str], games: usize) -> SimRequest {
        SimRequest {
            game: "en-gingg".into(),
            players: players.iter().map(|s| s.to_string()).collect(),
            options: json!({}),
            games,
            seed: 1,
            records: None,
        }
    }

    #[test]
    fn one_registry_lists_every_game() {
        assert_eq!(
            ids(),
            vec!["en-gingg", "mindgolf", "choice", "minesweeper", "gnoming"]
        );
        let g = describe("gnoming").unwrap();
        assert_eq!(g["players"], json!([2, 7]));
        assert_eq!(g["private_info"], false);
        assert_eq!(
            g["policies"],
            json!(["strong", "casual", "random", "greedy"])
        );
        let m = describe("minesweeper").unwrap();
        assert_eq!(m["players"], json!([2, 2]));
        assert_eq!(m["private_info"], true);
        assert_eq!(
            m["policies"],
            json!(["strong", "casual", "random", "greedy", "expected"])
        );
        let d = describe("en-gingg").unwrap();
        assert_eq!(d["players"], json!([2, 8]));
        assert_eq!(d["options"][0]["key"], "start_balance");
        assert!(describe("chess").unwrap_err().contains("Unknown game"));
    }

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
        let e = replay_json(
            r#"{"game":"en-gingg","seed":1,"options":{"start_balance":1000},"seats":[{"name":"A","kind":"human"},{"name":"B","kind":"human"}]}"#,
        )
        .unwrap_err();
        assert!(e.contains("from 10 to 99"), "{e}");
    }

    #[test]
    fn replay_prints_scores_with_options() {
        let v = replay_json(
            r#"{"game":"en-gingg","seed":1,"options":{"start_balance":50},"seats":[{"name":"A","kind":"human"},{"name":"B","kind":"computer","level":"casual"}],
                "moves":[{"seat":0,"action":"roll"}]}"#,
        )
        .unwrap();
        assert_eq!(v["scores"], json!([50, 50]));
        assert_eq!(v["over"], json!(false));
        assert_eq!(v["to_act"], json!([0]));
        // The turn as players count it (the history lists it).
        assert_eq!(v["turn"], json!(1));
    }

    #[test]
    fn trace_lists_every_move_with_events_and_scores() {
        let _ = std::fs::remove_dir_all(std::env::temp_dir().join("spielblock-trace-test"));
        let r = simulate(&SimRequest {
            records: Some(std::env::temp_dir().join("spielblock-trace-test")),
            ..req(&["strong", "random"], 1)
        })
        .unwrap();
        assert_eq!(r.games, 1);
        let text = std::fs::read_to_string(
            std::env::temp_dir().join("spielblock-trace-test/en-gingg-1.json"),
        )
        .unwrap();
        let lines = trace_json(&text).unwrap();
        let record: Value = serde_json::from_str(&text).unwrap();
        let n = record["moves"].as_array().unwrap().len();
        assert_eq!(lines.len(), n + 2);
        assert_eq!(lines[0]["scores"], json!([37, 37]));
        // Scores after each move follow from its events; the last matches the replay.
        let end = replay_json(&text).unwrap();
        assert_eq!(lines[n]["scores"], end["scores"]);
        assert_eq!(lines[n + 1]["places"], end["places"]);
        assert!(lines[1]["events"][0]["rolled"]["dice"].is_array());
    }

    #[test]
    fn simulate_matches_exact_expectation() {
        let r = simulate(&req(&["strong", "strong", "strong"], 300)).unwrap();
        let exact = r.reference[0].1;
        let (_, p, avg, n) = &r.figures[0];
        assert_eq!(p, "strong");
        // Phase 1 totals have a standard deviation below 6; 4 standard errors.
        assert!(
            (avg - exact).abs() < 4.0 * 6.0 / n.sqrt(),
            "avg {avg} exact {exact} n {n}"
        );
        let firsts: f64 = r.win_rate.iter().chain(&r.shared_first_rate).sum();
        assert!(firsts >= 1.0 - 1e-9);
    }

    #[test]
    fn simulate_refuses_bad_requests() {
        assert!(simulate(&req(&["strong", "human"], 1))
            .unwrap_err()
            .contains("unknown player \"human\""));
        assert!(simulate(&req(&["strong"], 1))
            .unwrap_err()
            .contains("2 to 8"));
        assert!(simulate(&req(&["strong", "greedy"], 0))
            .unwrap_err()
            .contains("at least one"));
        let bad = SimRequest {
            options: json!({"start_balance": "many"}),
            ..req(&["strong", "greedy"], 1)
        };
        assert!(simulate(&bad).unwrap_err().contains("Options"));
    }
}
