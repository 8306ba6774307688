//! Spielblock's command-line tool: replay a game file, or simulate games
//! between computer players. Built from the rules crate alone (no browser).

use clap::{Parser, Subcommand};
use rules::driver::Policy;
use rules::registry;
use std::io::Read;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "spielblock-cli",
    about = "Replay and simulate Spielblock games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay a game file (JSON: game, seed, seats, options, moves; "-" reads
    /// standard input) and print the final state and scores as JSON.
    Replay { file: String },
    /// Play N games and print average scores and win rates.
    Simulate {
        /// Game id, e.g. en-gingg.
        game: String,
        /// One policy per seat, comma-separated: computer or random.
        #[arg(long, default_value = "computer,computer,computer")]
        players: String,
        /// Number of games.
        #[arg(long, short = 'n', default_value_t = 1000)]
        games: usize,
        /// First seed; game i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// List the game ids.
    Games,
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Replay { file } => {
            let text = if file == "-" {
                let mut s = String::new();
                std::io::stdin()
                    .read_to_string(&mut s)
                    .map_err(|e| format!("cannot read standard input: {e}"))?;
                s
            } else {
                std::fs::read_to_string(&file).map_err(|e| format!("cannot read {file}: {e}"))?
            };
            let out = registry::replay_json(&text)?;
            println!("{}", serde_json::to_string_pretty(&out).expect("JSON"));
        }
        Command::Simulate {
            game,
            players,
            games,
            seed,
            json,
        } => {
            let policies = players
                .split(',')
                .map(|p| {
                    Policy::parse(p.trim())
                        .ok_or_else(|| format!("unknown player \"{p}\": use computer or random"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let r = registry::simulate(&game, &policies, games, seed)?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&r.to_json()).expect("JSON")
                );
            } else {
                println!(
                    "{} games of {}, {:.1} moves on average",
                    r.games, r.game, r.avg_moves
                );
                println!(
                    "{:<6} {:<10} {:>12} {:>9}",
                    "seat", "player", "avg score", "win rate"
                );
                for (i, p) in r.policies.iter().enumerate() {
                    println!(
                        "{:<6} {:<10} {:>12.2} {:>8.1}%",
                        i + 1,
                        format!("{p:?}").to_lowercase(),
                        r.avg_score[i],
                        100.0 * r.win_rate[i]
                    );
                }
                for (name, v) in &r.extra {
                    println!("{name}: {v:.4}");
                }
            }
        }
        Command::Games => {
            for g in registry::GAMES {
                println!("{g}");
            }
        }
    }
    Ok(())
}
