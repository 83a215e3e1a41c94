//! Line plots as inline SVG, for the report page: no script and no library, so the page opens
//! from disk anywhere, offline, and a test can read it as text. A plot has campaign time on x,
//! one or more series on y (each a list of segments, one per session, so no line joins the end
//! of one run to the start of the next), dashed verticals where sessions begin, and optional
//! markers (findings) with a tooltip each.

use std::fmt::Write as _;

/// One line of a plot.
#[derive(Debug, Clone)]
pub struct Series {
    pub name: String,
    pub color: &'static str,
    /// (x, y) points, split where the line must not be joined.
    pub segments: Vec<Vec<(f64, f64)>>,
}

/// A vertical mark with a tooltip.
#[derive(Debug, Clone)]
pub struct Marker {
    pub x: f64,
    pub label: String,
    pub color: &'static str,
}

#[derive(Debug, Clone)]
pub struct Plot {
    /// The element id (`plot-<id>`), which tests and links use.
    pub id: String,
    pub title: String,
    pub y_label: String,
    pub series: Vec<Series>,
    /// Session starts after the first: (x, session number).
    pub sessions: Vec<(f64, u32)>,
    pub markers: Vec<Marker>,
}

const W: f64 = 760.0;
const H: f64 = 250.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 18.0;
const TOP: f64 = 30.0;
const BOTTOM: f64 = 36.0;

/// Escapes text for HTML/SVG content and attribute values.
pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c if c.is_control() && c != '\n' && c != '\t' => o.push('\u{fffd}'),
            c => o.push(c),
        }
    }
    o
}

/// A step of 1, 2 or 5 times a power of ten giving about `target` intervals over `range`.
pub fn nice_step(range: f64, target: f64) -> f64 {
    if !(range.is_finite() && range > 0.0) {
        return 1.0;
    }
    let raw = range / target.max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    let f = raw / mag;
    let m = if f <= 1.0 {
        1.0
    } else if f <= 2.0 {
        2.0
    } else if f <= 5.0 {
        5.0
    } else {
        10.0
    };
    m * mag
}

/// A time step (seconds) that reads well on a clock: 1 s ... 30 s, 1 min ... 30 min, hours.
pub fn time_step(range: f64, target: f64) -> f64 {
    const STEPS: [f64; 17] = [
        1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 900.0, 1800.0, 3600.0, 7200.0, 10800.0, 21600.0,
        43200.0,
    ];
    let raw = range / target.max(1.0);
    STEPS.iter().copied().find(|s| *s >= raw).unwrap_or_else(|| (raw / 86400.0).ceil() * 86400.0)
}

/// `75` -> `1m15s`, `7260` -> `2h01m`.
pub fn duration(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    if s < 60 {
        format!("{s}s")
    } else if s < 3600 {
        if s.is_multiple_of(60) {
            format!("{}m", s / 60)
        } else {
            format!("{}m{:02}s", s / 60, s % 60)
        }
    } else if s.is_multiple_of(3600) {
        format!("{}h", s / 3600)
    } else {
        format!("{}h{:02}m", s / 3600, (s % 3600) / 60)
    }
}

/// `1234567` -> `1.23M`: short tick labels.
pub fn short_number(v: f64) -> String {
    let a = v.abs();
    let (d, suffix) = if a >= 1e9 {
        (1e9, "G")
    } else if a >= 1e6 {
        (1e6, "M")
    } else if a >= 1e4 {
        (1e3, "k")
    } else {
        (1.0, "")
    };
    let x = v / d;
    let text = if (x - x.round()).abs() < 1e-9 { format!("{}", x.round() as i64) } else { format!("{x:.2}") };
    let text = if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.').to_string() } else { text };
    format!("{text}{suffix}")
}

impl Plot {
    fn points(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        self.series.iter().flat_map(|s| s.segments.iter().flatten().copied())
    }

    /// The plot as an `<svg>` element.
    pub fn render(&self) -> String {
        let mut o = String::new();
        let _ = write!(
            o,
            r#"<svg class="plot" id="plot-{}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img" aria-label="{}">"#,
            esc(&self.id),
            esc(&self.title)
        );
        let _ = write!(o, r#"<text class="title" x="{LEFT}" y="18">{}</text>"#, esc(&self.title));
        let pts: Vec<(f64, f64)> = self.points().filter(|(x, y)| x.is_finite() && y.is_finite()).collect();
        if pts.is_empty() {
            let _ = write!(
                o,
                r#"<text class="empty" x="{}" y="{}">no data recorded</text></svg>"#,
                W / 2.0 - 60.0,
                H / 2.0
            );
            return o;
        }
        let x_min = pts.iter().map(|p| p.0).fold(f64::INFINITY, f64::min).min(0.0);
        let mut x_max = pts.iter().map(|p| p.0).fold(0.0, f64::max);
        x_max = x_max.max(self.markers.iter().map(|m| m.x).fold(0.0, f64::max));
        if x_max - x_min < 1.0 {
            x_max = x_min + 1.0;
        }
        let x_step = time_step(x_max - x_min, 6.0);
        x_max = (x_max / x_step).ceil() * x_step;
        let mut y_max = pts.iter().map(|p| p.1).fold(0.0, f64::max);
        if y_max <= 0.0 {
            y_max = 1.0;
        }
        let y_step = nice_step(y_max, 4.0);
        y_max = (y_max / y_step).ceil() * y_step;
        let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
        let sx = |x: f64| LEFT + (x - x_min) / (x_max - x_min) * pw;
        let sy = |y: f64| TOP + ph - y / y_max * ph;

        // Grid and axes.
        let mut y = 0.0;
        while y <= y_max + y_step / 2.0 {
            let py = sy(y);
            let _ = write!(
                o,
                r#"<line class="grid" x1="{LEFT}" x2="{:.1}" y1="{py:.1}" y2="{py:.1}"/><text class="tick" x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
                LEFT + pw,
                LEFT - 6.0,
                py + 4.0,
                short_number(y)
            );
            y += y_step;
        }
        let mut x = x_min;
        while x <= x_max + x_step / 2.0 {
            let px = sx(x);
            let _ = write!(
                o,
                r#"<line class="grid" x1="{px:.1}" x2="{px:.1}" y1="{TOP}" y2="{:.1}"/><text class="tick" x="{px:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                TOP + ph,
                TOP + ph + 16.0,
                duration(x)
            );
            x += x_step;
        }
        let _ = write!(
            o,
            r#"<rect class="frame" x="{LEFT}" y="{TOP}" width="{pw:.1}" height="{ph:.1}"/><text class="axis" x="{:.1}" y="{:.1}" text-anchor="middle">campaign time</text><text class="axis" transform="translate(14 {:.1}) rotate(-90)" text-anchor="middle">{}</text>"#,
            LEFT + pw / 2.0,
            H - 4.0,
            TOP + ph / 2.0,
            esc(&self.y_label)
        );

        for (at, session) in &self.sessions {
            let px = sx(*at);
            let _ = write!(
                o,
                r#"<g class="session"><line x1="{px:.1}" x2="{px:.1}" y1="{TOP}" y2="{:.1}"/><text x="{:.1}" y="{:.1}">session {session}</text></g>"#,
                TOP + ph,
                px + 3.0,
                TOP + 11.0
            );
        }
        for m in &self.markers {
            let px = sx(m.x);
            let _ = write!(
                o,
                r#"<g class="marker"><title>{}</title><line x1="{px:.1}" x2="{px:.1}" y1="{TOP}" y2="{:.1}" stroke="{}"/><path d="M{:.1} {:.1} l5 -8 h-10 z" fill="{}"/></g>"#,
                esc(&m.label),
                TOP + ph,
                m.color,
                px,
                TOP,
                m.color
            );
        }
        for s in &self.series {
            for seg in &s.segments {
                let seg: Vec<&(f64, f64)> = seg.iter().filter(|(x, y)| x.is_finite() && y.is_finite()).collect();
                match seg.as_slice() {
                    [] => {}
                    [(x, y)] => {
                        let _ = write!(
                            o,
                            r#"<circle class="point" cx="{:.1}" cy="{:.1}" r="2.5" fill="{}"/>"#,
                            sx(*x),
                            sy(*y),
                            s.color
                        );
                    }
                    many => {
                        let _ = write!(o, r#"<polyline class="line" stroke="{}" points=""#, s.color);
                        for (x, y) in many {
                            let _ = write!(o, "{:.1},{:.1} ", sx(*x), sy(*y));
                        }
                        o.push_str(r#""/>"#);
                    }
                }
            }
        }
        // Legend, top right.
        let mut lx = LEFT + pw;
        for s in self.series.iter().rev() {
            let w = 7.0 * s.name.chars().count() as f64 + 20.0;
            lx -= w;
            let _ = write!(
                o,
                r#"<rect x="{lx:.1}" y="9" width="10" height="10" fill="{}"/><text class="legend" x="{:.1}" y="18">{}</text>"#,
                s.color,
                lx + 14.0,
                esc(&s.name)
            );
        }
        o.push_str("</svg>");
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_and_labels_read_well() {
        assert_eq!(nice_step(100.0, 4.0), 50.0);
        assert_eq!(nice_step(7.0, 4.0), 2.0);
        assert_eq!(nice_step(0.0, 4.0), 1.0);
        assert_eq!(time_step(50.0, 6.0), 10.0);
        assert_eq!(time_step(4000.0, 6.0), 900.0);
        assert_eq!(duration(75.0), "1m15s");
        assert_eq!(duration(7260.0), "2h01m");
        assert_eq!(duration(120.0), "2m");
        assert_eq!(short_number(1_250_000.0), "1.25M");
        assert_eq!(short_number(20_000.0), "20k");
        assert_eq!(short_number(2500.0), "2500");
        assert_eq!(esc("<a href=\"x\">&</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
    }

    fn plot(series: Vec<Series>) -> Plot {
        Plot {
            id: "coverage".into(),
            title: "Coverage".into(),
            y_label: "edges".into(),
            series,
            sessions: vec![(20.0, 2)],
            markers: vec![Marker { x: 5.0, label: "finding <x>".into(), color: "#c00" }],
        }
    }

    #[test]
    fn a_plot_draws_one_line_per_segment_and_marks_sessions_and_findings() {
        let s = Series {
            name: "edges".into(),
            color: "#06c",
            segments: vec![
                vec![(0.0, 1.0), (10.0, 5.0), (20.0, 7.0)],
                vec![(20.0, 3.0), (30.0, 9.0)],
                vec![(35.0, 9.0)],
            ],
        };
        let svg = plot(vec![s]).render();
        assert!(svg.starts_with("<svg class=\"plot\" id=\"plot-coverage\""), "{svg}");
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert_eq!(svg.matches("<circle").count(), 1);
        assert!(svg.contains("session 2"));
        assert!(svg.contains("<title>finding &lt;x&gt;</title>"));
        assert!(svg.ends_with("</svg>"));
        // Every coordinate inside the frame.
        for p in svg.split("points=\"").skip(1) {
            for xy in p.split('"').next().unwrap().split_whitespace() {
                let (x, y) = xy.split_once(',').unwrap();
                let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
                assert!((LEFT..=W - RIGHT).contains(&x) && (TOP..=H - BOTTOM).contains(&y), "{xy}");
            }
        }
    }

    #[test]
    fn an_empty_plot_says_so() {
        let svg = plot(vec![Series { name: "x".into(), color: "#000", segments: vec![] }]).render();
        assert!(svg.contains("no data recorded") && !svg.contains("<polyline"), "{svg}");
    }
}
