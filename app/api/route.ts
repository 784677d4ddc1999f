// Any method on /api itself: the JSON 404 of unknown API paths.
export { DELETE, GET, PATCH, POST, PUT } from "./[...path]/route";
