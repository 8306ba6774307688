//! Records from the stored finished games: the solo record and the day's
//! best, in each game's direction, and which games count for them.

use crate::store::games::*;
use crate::store::local::*;
use crate::store::schema::*;

/// A finished game's result, as records need it (no game code needed).
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    pub id: String,
    /// When it ended, as "YYYY-MM-DD" in this device's time zone.
    pub date: String,
    /// The date of a daily challenge.
    pub daily: Option<String>,
    pub seats: Vec<rules::SeatInfo>,
    pub scores: Vec<i64>,
    /// Seats whose result counts as a defeat (R-CH-7): no record.
    pub lost: Vec<usize>,
    /// Played with the coach (issue 25): no record.
    pub coach: bool,
    /// Played with real dice (R-G-5): no record.
    pub table: bool,
}

impl Played {
    /// The stored finished games of `game`, oldest first (so a tie keeps
    /// the first to set it). A game whose seats and outcome do not fit is
    /// left out.
    pub fn of_game(game: &str) -> Vec<Played> {
        list_games()
            .into_iter()
            .rev()
            .filter(|g| g.finished && g.game == game && !is_lesson(g))
            .filter_map(|g| Played::from_saved(&g))
            .collect()
    }

    pub fn from_saved(g: &SavedGame) -> Option<Played> {
        let head = g.head();
        let seats = head.seats.clone();
        let scores = g.outcome.as_ref()?.scores.clone();
        let lost = g.outcome.as_ref()?.lost.clone();
        let coach = head.coach;
        let table = head.table();
        // A daily challenge as the set-up makes one (issue 39: a file may
        // claim more): one seat, the date's seed, the app's dice, no coach.
        let seed = head.seed;
        let daily = g.daily.clone().filter(|date| {
            !coach && !table && seats.len() == 1 && seed == Some(daily_seed(&g.game, date))
        });
        (g.finished && scores.len() == seats.len()).then(|| Played {
            lost,
            coach,
            table,
            id: g.id.clone(),
            date: date_of(g.updated),
            daily,
            seats,
            scores,
        })
    }
}

/// Whether `a` is a better score than `b` in a game's direction.
pub fn better(a: i64, b: i64, lowest_wins: bool) -> bool {
    if lowest_wins {
        a < b
    } else {
        a > b
    }
}

/// A player's personal solo record in `played` (one game's finished games,
/// oldest first): the best score of a game whose one seat is `name`,
/// playing it, in the game's direction, and the date it was set.
pub fn solo_record(played: &[Played], name: &str, lowest_wins: bool) -> Option<(i64, String)> {
    let mut best: Option<(i64, String)> = None;
    // A defeat is no record (R-CH-7), nor a coached game.
    for p in own_solo(played, name).filter(|p| !p.lost.contains(&0)) {
        let score = p.scores[0];
        if best
            .as_ref()
            .is_none_or(|b| better(score, b.0, lowest_wins))
        {
            best = Some((score, p.date.clone()));
        }
    }
    best
}

/// A player's solo games in `played` that count for them: their one seat,
/// played by them, without the coach or real dice. Defeats count here
/// (an average is honest); they set no record (`solo_record`).
fn own_solo<'a>(played: &'a [Played], name: &'a str) -> impl Iterator<Item = &'a Played> + 'a {
    played.iter().filter(move |p| {
        matches!(p.seats.as_slice(), [only] if only.kind == rules::SeatKind::Human
            && !only.switched
            && only.name == name)
            && !p.coach
            && !p.table
    })
}

/// A player's solo average in `played`: the sum of their scores and how
/// many games (issue 40: a solo result is set against the record and the
/// average).
pub fn solo_average(played: &[Played], name: &str) -> Option<(i64, usize)> {
    let (sum, n) = own_solo(played, name).fold((0, 0), |(s, n), p| (s + p.scores[0], n + 1));
    (n > 0).then_some((sum, n))
}

/// The day's best score per player name of a game's daily challenge on
/// `date`, best first, from `played` (one game's finished games, oldest
/// first).
pub fn daily_best(played: &[Played], date: &str, lowest_wins: bool) -> Vec<(String, i64)> {
    let mut list: Vec<(String, i64)> = Vec::new();
    for p in played {
        if p.daily.as_deref() != Some(date) {
            continue;
        }
        let Some(first) = p
            .seats
            .first()
            .filter(|s| s.kind == rules::SeatKind::Human && !s.switched)
        else {
            continue;
        };
        let score = p.scores[0];
        match list.iter_mut().find(|(n, _)| *n == first.name) {
            Some(entry) if better(score, entry.1, lowest_wins) => entry.1 = score,
            Some(_) => {}
            None => list.push((first.name.clone(), score)),
        }
    }
    rules::sort_small_by(&mut list, |a, b| better(a.1, b.1, lowest_wins));
    list
}

/// What a finished game's result screen says of records, all derived from
/// the stored finished games (so it always equals what the history holds).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Standing {
    /// A solo game: the player's record (score, date) and whether this game
    /// set it (beat every earlier one, or is the first).
    pub solo: Option<(i64, String, bool)>,
    /// A solo game: the player's average over their solo games, this one
    /// included (sum, count).
    pub solo_average: Option<(i64, usize)>,
    /// A daily challenge: the day's best per name and whether this game is
    /// a new best of the day for its player.
    pub daily: Option<DailyStanding>,
}

/// A daily challenge's date, the day's best per name, and whether this game
/// is a new best of the day for its player.
pub type DailyStanding = (String, Vec<(String, i64)>, bool);

/// The `Standing` of the stored finished game `id` among `played` (its
/// game's finished games, oldest first): new when it beats every game
/// that ended before it. Empty while it is not stored as finished.
pub fn standing(played: &[Played], id: &str, lowest_wins: bool) -> Standing {
    let mut out = Standing::default();
    let Some(at) = played.iter().position(|p| p.id == id) else {
        return out;
    };
    let (earlier, this) = (&played[..at], &played[at]);
    let Some(first) = this
        .seats
        .first()
        .filter(|s| s.kind == rules::SeatKind::Human && !s.switched)
    else {
        return out;
    };
    let score = this.scores[0];
    // A defeat sets no record (R-CH-7), nor a coached game, nor one with
    // real dice (R-G-5).
    let lost = this.lost.contains(&0) || this.coach || this.table;
    if this.seats.len() == 1 {
        let before = solo_record(earlier, &first.name, lowest_wins);
        let new = !lost && before.is_none_or(|b| better(score, b.0, lowest_wins));
        out.solo = solo_record(played, &first.name, lowest_wins).map(|(s, d)| (s, d, new));
        out.solo_average = solo_average(played, &first.name);
    }
    if let Some(date) = &this.daily {
        let before = daily_best(earlier, date, lowest_wins);
        let mine = before.iter().find(|(n, _)| *n == first.name);
        let new = !lost && mine.is_none_or(|b| better(score, b.1, lowest_wins));
        out.daily = Some((date.clone(), daily_best(played, date, lowest_wins), new));
    }
    out
}

/// The date of a time (milliseconds since 1970) in this device's time
/// zone, as "YYYY-MM-DD".
pub fn date_of(ms: f64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}
