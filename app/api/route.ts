// Any method on /api itself: the JSON 404 of unknown API paths.
export { GET, POST, PUT, PATCH, DELETE } from "./[...path]/route";
