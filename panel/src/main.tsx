// The panel's entry: the stylesheet (an external file: the CSP allows no inline style) and the app.
import './styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { useLocale } from './store/locale';

document.documentElement.lang = useLocale.getState().locale;
createRoot(document.getElementById('root')!).render(<App />);
