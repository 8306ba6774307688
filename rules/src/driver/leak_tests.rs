//! Secrets over every channel: a coin game with a leak planted, one channel
//! at a time (the view, the events, the legal list, a refusal's reason),
//! must fail the shared property test with the channel named; without a
//! leak it passes.

use crate::contract::{
    rank_by_key, Coach, ComputerPlayer, Evaluation, Game, Level, OptionKind, OptionSpec, Outcome,
    RealDice, RuleError, Seat, Simulate, Verify,
};
use crate::driver::property;
use crate::rng::Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Each seat guesses the hidden coin once; a right guess scores 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Coin {
    rng: Rng,
    coin: u8,
    guesses: Vec<Option<u8>>,
    leak: u8,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Options {
    /// 0: none; 1: the view; 2: the events; 3: the legal list; 4: a refusal.
    leak: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct View {
    guesses: Vec<Option<u8>>,
    coin: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Event {
    Guessed {
        seat: Seat,
        value: u8,
        coin: Option<u8>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Error {
    NoSuchSide { hint: Option<u8> },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no such side")
    }
}

impl Coin {
    fn over(&self) -> bool {
        self.guesses.iter().all(Option::is_some)
    }
}

impl Game for Coin {
    type Action = u8;
    type Event = Event;
    type Options = Options;
    type View = View;
    type Error = Error;

    const ID: &'static str = "coin";
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;
    const PRIVATE_INFO: bool = true;

    fn options_spec() -> Vec<OptionSpec> {
        vec![OptionSpec {
            key: "leak",
            kind: OptionKind::Int {
                min: 0,
                max: 4,
                default: 0,
            },
        }]
    }

    fn new(seats: usize, options: &Options, seed: u64) -> Result<Self, RuleError<Error>> {
        let mut rng = Rng::new(seed);
        let coin = rng.below(2) as u8;
        Ok(Coin {
            rng,
            coin,
            guesses: vec![None; seats],
            leak: options.leak,
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        self.guesses
            .iter()
            .position(Option::is_none)
            .into_iter()
            .collect()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<u8> {
        if !self.to_act().contains(&seat) {
            return Vec::new();
        }
        if self.leak == 3 {
            vec![self.coin, 1 - self.coin]
        } else {
            vec![0, 1]
        }
    }

    fn refusal(&self, seat: Seat, _action: &u8) -> RuleError<Error> {
        if let Err(e) = crate::contract::require_turn(self, seat) {
            return e;
        }
        let hint = (self.leak == 4).then_some(self.coin);
        RuleError::Game(Error::NoSuchSide { hint })
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &u8) -> Vec<Event> {
        self.guesses[seat] = Some(*action);
        let coin = (self.leak == 2).then_some(self.coin);
        vec![Event::Guessed {
            seat,
            value: *action,
            coin,
        }]
    }

    fn scores(&self) -> Vec<i64> {
        self.guesses
            .iter()
            .map(|g| i64::from(*g == Some(self.coin)))
            .collect()
    }

    fn recomputed_scores(&self) -> Vec<i64> {
        self.scores()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over().then(|| Outcome {
            scores: self.scores(),
            places: rank_by_key(&self.scores()),
            lost: Vec::new(),
        })
    }

    fn view(&self, _seat: Option<Seat>) -> View {
        View {
            guesses: self.guesses.clone(),
            coin: (self.leak == 1 || self.over()).then_some(self.coin),
        }
    }

    fn check_secrets(
        &self,
        _seat: Option<Seat>,
        view: &View,
        events: &[Event],
    ) -> Result<(), String> {
        if self.over() {
            return Ok(());
        }
        if view.coin.is_some() {
            return Err("the view shows the coin".into());
        }
        if events
            .iter()
            .any(|Event::Guessed { coin, .. }| coin.is_some())
        {
            return Err("an event shows the coin".into());
        }
        Ok(())
    }

    fn turn_number(&self) -> u32 {
        1
    }
}

impl RealDice for Coin {}

impl ComputerPlayer for Coin {
    fn computer_action(_view: &View, _seat: Seat, _level: Level, rng: &mut Rng) -> u8 {
        rng.below(2) as u8
    }
}

impl Coach for Coin {
    fn evaluate(_view: &View, _seat: Seat) -> Option<Evaluation<u8>> {
        None
    }

    fn coach_measure(_at: &Self, _now: &Self, _seat: Seat) -> Option<f64> {
        None
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
}

impl Verify for Coin {
    /// The other side of the coin.
    fn hidden_variant(&self, _seat: Option<Seat>, _seed: u64) -> Option<Self> {
        let mut other = self.clone();
        other.coin = 1 - self.coin;
        (!self.over()).then_some(other)
    }

    fn arbitrary_action(rng: &mut Rng) -> u8 {
        rng.below(4) as u8
    }

    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

impl Simulate for Coin {}

#[cfg(feature = "cli")]
impl crate::contract::CliTools for Coin {}

fn leak(leak: u8) -> Result<(), String> {
    property::<Coin>(40, |_| 2, |_| Options { leak })
}

#[test]
fn the_coin_game_without_a_leak_passes() {
    leak(0).unwrap();
}

#[test]
fn a_leak_in_each_channel_fails_the_property_test_naming_it() {
    for (channel, words) in [
        (1, "view"),
        (2, "an event shows the coin"),
        (3, "its legal list differs where only hidden facts do"),
        (4, "is refused with"),
    ] {
        let error = leak(channel).expect_err("a planted leak is found");
        assert!(
            error.contains("learns a hidden fact") && error.contains(words),
            "leak {channel}: {error}"
        );
    }
}
