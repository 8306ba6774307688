//! Spielblock's command-line tool: replay or trace a game file, simulate
//! games between computer players, or run a game's own tools. Built from the rules crate alone (no
//! browser). Every bad argument or file gets a clear message and exit code 2.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use rules::registry::{self, SimRequest};
use std::io::Read;
use std::process::ExitCode;

/// Writes to standard output. A reader that stops early (`| head`) ends the
/// program quietly, as it does other command-line tools, instead of a panic
/// in the middle of a sentence; any other failure to write says why (exit 2).
fn out(args: std::fmt::Arguments) {
    use std::io::Write;
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        std::process::exit(2);
    }
}

// Every line this tool prints goes through `out`.
macro_rules! println {
    ($($t:tt)*) => { out(format_args!("{}\n", format_args!($($t)*))) };
}
macro_rules! print {
    ($($t:tt)*) => { out(format_args!($($t)*)) };
}

#[derive(Parser)]
#[command(
    name = "spielblock-cli",
    about = "Replay, trace and simulate Spielblock games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay a game file (JSON: game, seed, seats, options, moves; "-" reads
    /// standard input) and print the final state and scores as JSON.
    Replay {
        file: String,
        /// Print JSON lines instead: the set-up, then every move with its
        /// seat, action, events and the scores after it, then the outcome.
        #[arg(long)]
        trace: bool,
    },
    /// The coach's review of a game file ("-" reads standard input), as
    /// JSON lines: every move the coach weighs, with the strong player's
    /// move, both values and the expected points lost.
    Review { file: String },
    /// Play N games and print average scores, win rates and game figures.
    Simulate {
        /// Game id (see `games`).
        game: String,
        /// One policy per seat, comma-separated: casual, strong, expert (where
        /// the game offers it; its table is read from rules/data), random,
        /// or a baseline the game adds (see `games`), e.g. greedy.
        #[arg(long, default_value = "strong,strong,strong")]
        players: String,
        /// Options as JSON, e.g. '{"key": 20}' with the keys `games` lists;
        /// missing ones take their defaults.
        #[arg(long, default_value = "{}")]
        options: String,
        /// Number of games.
        #[arg(long, short = 'n', default_value_t = 1000)]
        games: usize,
        /// First seed; game i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write every game's record (the replay format) into this folder.
        #[arg(long)]
        records: Option<std::path::PathBuf>,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// List the games with their players, options and policies.
    Games,
}

fn main() -> ExitCode {
    // Every game's own tools join the built-in commands as
    // `spielblock-cli <game id> <tool> ...`.
    let tools = registry::cli_tools();
    let ids: Vec<String> = tools.iter().map(|t| t.get_name().to_string()).collect();
    let matches = tools
        .into_iter()
        .fold(Cli::command(), |cli, tool| cli.subcommand(tool))
        .get_matches();
    let result = match matches.subcommand() {
        Some((id, args)) if ids.iter().any(|i| i == id) => {
            registry::run_cli_tool(id, args, &read_input).map(|out| print!("{out}"))
        }
        _ => run(Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn read_input(file: &str) -> Result<String, String> {
    if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Replay { file, trace } => {
            let text = read_input(&file)?;
            if trace {
                for line in registry::trace_json(&text)? {
                    println!("{}", serde_json::to_string(&line).expect("JSON"));
                }
            } else {
                let out = registry::replay_json(&text)?;
                println!("{}", serde_json::to_string_pretty(&out).expect("JSON"));
            }
        }
        Command::Review { file } => {
            for line in registry::review_json(&read_input(&file)?)? {
                println!("{}", serde_json::to_string(&line).expect("JSON"));
            }
        }
        Command::Simulate {
            game,
            players,
            options,
            games,
            seed,
            records,
            json,
        } => {
            let options = serde_json::from_str(&options)
                .map_err(|e| format!("--options is not valid JSON: {e}"))?;
            let r = registry::simulate(&SimRequest {
                game,
                players: players.split(',').map(|p| p.trim().to_string()).collect(),
                options,
                games,
                seed,
                records,
            })?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&r.to_json()).expect("JSON")
                );
            } else {
                println!(
                    "{} games of {} (options {}), {:.1} moves on average",
                    r.games, r.game, r.options, r.avg_moves
                );
                println!(
                    "{:<6} {:<10} {:>10} {:>8} {:>8} {:>9} {:>13} {:>10}",
                    "seat",
                    "player",
                    "mean",
                    "median",
                    "sd",
                    "win rate",
                    "shared first",
                    "avg place"
                );
                for (i, p) in r.players.iter().enumerate() {
                    println!(
                        "{:<6} {:<10} {:>10.2} {:>8.1} {:>8.2} {:>8.1}% {:>12.1}% {:>10.2}",
                        i + 1,
                        p,
                        r.avg_score[i],
                        r.median_score[i],
                        r.sd_score[i],
                        100.0 * r.win_rate[i],
                        100.0 * r.shared_first_rate[i],
                        r.avg_place[i]
                    );
                }
                for (name, player, mean, count) in &r.figures {
                    println!("{name} ({player}): {mean:.4} over {count}");
                }
                for (name, v) in &r.reference {
                    println!("{name}: {v:.4}");
                }
            }
        }
        Command::Games => {
            for id in registry::ids() {
                println!("{}", registry::describe(id)?);
            }
        }
    }
    Ok(())
}
