// npm start: build when needed, migrate, serve.
import { prepare } from "./prepare";
import { serve } from "./serve";

prepare();
serve();
