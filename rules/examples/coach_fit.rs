//! Fits the calibration of the coach's estimates (issue 25): from positions
//! of strong play, each with the coach's raw value of its best choice and
//! what the continuation measured, a least-squares fit of the measured value
//! on a few features of the position. Prints the coefficients that
//! `mindgolf::bot::calibration` and `gnoming::bot::calibrated` carry.
//! The values fitted are the coach's as they stand (calibrated), so the
//! coefficients printed correct the current ones: compose them as
//! (1 + d1) c plus d, the slope (1 + d1)(1 + c1) - 1, or zero the current
//! ones first.
//! `cargo run --profile native -p spielblock-rules --example coach_fit -- GAME [positions]`
use rules::driver::coach_samples;
use rules::Playable;

/// Least squares: the coefficients b minimising |y - X b|².
fn fit(xs: &[Vec<f64>], ys: &[f64]) -> Vec<f64> {
    let k = xs[0].len();
    let mut a = vec![vec![0.0; k + 1]; k];
    for (x, y) in xs.iter().zip(ys) {
        for i in 0..k {
            for j in 0..k {
                a[i][j] += x[i] * x[j];
            }
            a[i][k] += x[i] * y;
        }
    }
    // Gauss-Jordan with partial pivoting.
    for c in 0..k {
        let p = (c..k)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap();
        a.swap(c, p);
        let pivot = a[c].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot[c];
                for (x, p) in row.iter_mut().zip(&pivot).skip(c) {
                    *x -= f * p;
                }
            }
        }
    }
    (0..k).map(|i| a[i][k] / a[i][i]).collect()
}

fn run<G: Playable>(
    seats: &[usize],
    positions: u64,
    seed: u64,
    features: impl Fn(&G::View, usize, f64) -> Vec<f64>,
) {
    let mut samples = Vec::new();
    for &n in seats {
        samples.extend(
            coach_samples::<G>(n, &G::Options::default(), positions, 1, seed + n as u64)
                .expect("samples"),
        );
    }
    let xs: Vec<Vec<f64>> = samples
        .iter()
        .map(|s| features(&s.state.view(Some(s.seat)), s.seat, s.value))
        .collect();
    let ys: Vec<f64> = samples.iter().map(|s| s.measured - s.value).collect();
    let b = fit(&xs, &ys);
    let res: Vec<f64> = xs
        .iter()
        .zip(&ys)
        .map(|(x, y)| y - x.iter().zip(&b).map(|(a, c)| a * c).sum::<f64>())
        .collect();
    let n = res.len() as f64;
    let raw = ys.iter().sum::<f64>() / n;
    let mean = res.iter().sum::<f64>() / n;
    let sd = (res.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    println!(
        "{}: {} positions, raw gap {raw:+.3}, after the fit {mean:+.4} (sd {sd:.3})",
        G::ID,
        samples.len()
    );
    println!("coefficients (added to the raw value): {b:?}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map(String::as_str).unwrap_or("mindgolf");
    let positions: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4000);
    match game {
        "mindgolf" => run::<rules::mindgolf::MindGolf>(&[1], positions, 101, |v, seat, _| {
            rules::mindgolf::bot::calibration_features(v, seat).to_vec()
        }),
        "gnoming" => {
            run::<rules::gnoming::Gnoming>(&[2, 3, 4, 5], positions, 101, |v, seat, value| {
                rules::gnoming::bot::calibration_features(v, seat, value).to_vec()
            })
        }
        "choice" => run::<rules::choice::Choice>(&[1], positions, 101, |v, seat, value| {
            rules::choice::bot::calibration_features(&v.sheets[seat], value).to_vec()
        }),
        other => eprintln!("no calibration for {other}"),
    }
}
