import { useSnapshot } from 'valtio';
import { Header } from '../features/header/header';
import { GenerateBar } from '../features/palette/generate-bar';
import { PaletteStrips } from '../features/palette/palette-strips';
import { ToastRegion } from '../features/toast/toast-region';
import { catalogueState, loadCatalogue } from '../stores/catalogue-store';
import { generatePalette } from '../stores/palette-store';

function CatalogueProblem() {
  return (
    <div className="catalogue-problem" role="alert">
      <p>The paint catalogue could not be loaded. Check your connection and try again.</p>
      <button
        type="button"
        onClick={() =>
          loadCatalogue()
            .then(() => generatePalette())
            .catch(() => {})
        }
      >
        Try again
      </button>
    </div>
  );
}

export function App() {
  const { status } = useSnapshot(catalogueState);
  return (
    <div className="app">
      <Header />
      <main className="app-main" id="main">
        {status === 'error' ? <CatalogueProblem /> : <PaletteStrips />}
      </main>
      <GenerateBar />
      <ToastRegion />
    </div>
  );
}
