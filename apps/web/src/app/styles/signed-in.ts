// The Mantine styles of the signed-in screens, as a module the router can load before a signed-in layout.
import './signed-in.css';
