//! What the host does with a 3xx answer: where it points, and what the next request carries.

use url::Url;

use super::headers;
use super::transport::{InResponse, OutRequest};

/// Where a 3xx answer to a request for `asked` points: its first `Location`, resolved against
/// `asked`. `None` (the answer is the final one) for any other status, or without a usable
/// `Location`.
pub fn target(answer: &InResponse, asked: &str) -> Option<Url> {
    if answer.status / 100 != 3 {
        return None;
    }
    let (_, location) = answer
        .headers
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("location"))?;
    Url::parse(asked).ok()?.join(location).ok()
}

/// Turns `request` into the request for `next`, after an answer with `status`.
pub fn retarget(request: &mut OutRequest, status: u16, next: Url) {
    if becomes_get(status, &request.method) {
        // Resending a write's body to wherever a 301/302/303 points is how a write lands
        // somewhere unintended; browsers and common clients send a GET instead.
        request.method = "GET".to_string();
        request.body = None;
        headers::remove(&mut request.headers, headers::BODY_DESCRIPTION);
    }
    let same_origin = Url::parse(&request.url).is_ok_and(|from| origin(&from) == origin(&next));
    if !same_origin {
        headers::remove(&mut request.headers, headers::CREDENTIALS);
    }
    request.url = next.into();
}

/// 301, 302 and 303 turn anything but GET and HEAD into a GET; 307 and 308 keep the method
/// and body (that is what they mean).
fn becomes_get(status: u16, method: &str) -> bool {
    matches!(status, 301..=303) && method != "GET" && method != "HEAD"
}

/// Scheme, host and port (the scheme's default when not written).
fn origin(url: &Url) -> (&str, Option<&str>, Option<u16>) {
    (url.scheme(), url.host_str(), url.port_or_known_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(status: u16, location: Option<&str>) -> InResponse {
        InResponse {
            status,
            headers: location
                .map(|l| ("Location".to_string(), l.to_string()))
                .into_iter()
                .collect(),
            body: Box::new(std::io::empty()),
        }
    }

    fn request(method: &str, headers: &[(&str, &str)]) -> OutRequest {
        OutRequest {
            method: method.into(),
            url: "https://a.example/dir/start".into(),
            headers: headers
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            body: Some(b"x".to_vec()),
        }
    }

    #[test]
    fn only_a_3xx_with_a_location_points_somewhere() {
        let asked = "https://a.example/dir/start";
        assert_eq!(
            target(&answer(302, Some("next")), asked)
                .map(String::from)
                .as_deref(),
            Some("https://a.example/dir/next")
        );
        assert!(target(&answer(304, Some("/n")), asked).is_some());
        assert!(target(&answer(300, None), asked).is_none());
        assert!(target(&answer(200, Some("/n")), asked).is_none());
        assert!(target(&answer(400, Some("/n")), asked).is_none());
    }

    #[test]
    fn a_write_after_302_becomes_a_bodyless_get_and_credentials_stay_on_their_origin() {
        let mut r = request(
            "POST",
            &[
                ("Content-Type", "a/b"),
                ("Authorization", "t"),
                ("x-c", "1"),
            ],
        );
        retarget(&mut r, 302, Url::parse("https://a.example:443/n").unwrap());
        assert_eq!((r.method.as_str(), r.body.is_none()), ("GET", true));
        assert_eq!(r.headers.len(), 2, "{:?}", r.headers);
        retarget(&mut r, 307, Url::parse("https://b.example/n").unwrap());
        assert_eq!(r.headers, vec![("x-c".to_string(), "1".to_string())]);
        let mut r = request("PUT", &[("content-type", "a/b")]);
        retarget(&mut r, 308, Url::parse("https://a.example/n").unwrap());
        assert_eq!(
            (r.method.as_str(), r.body.is_some(), r.headers.len()),
            ("PUT", true, 1)
        );
    }
}
