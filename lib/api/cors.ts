// Browser apps on other origins call the API with bearer tokens (no cookies), so any origin may.
export function corsHeaders(): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers":
      "Location, Link, ETag, Retry-After, WWW-Authenticate, X-Request-Id, Content-Length, Content-Range, Accept-Ranges",
  };
}

export function preflightHeaders(): Record<string, string> {
  return {
    ...corsHeaders(),
    "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
    "Access-Control-Allow-Headers": "Authorization, Content-Type, Accept, If-Match, If-None-Match, Range",
    "Access-Control-Max-Age": "86400",
  };
}
