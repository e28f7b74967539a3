import { ClosingCta } from './ClosingCta';
import { WhyChooseUs } from './WhyChooseUs';

/** The home page below the latest videos: its own chunk, requested as soon as the page's code runs (HomePage.tsx). */
export default function HomeMore() {
  return (
    <>
      <WhyChooseUs />
      <ClosingCta />
    </>
  );
}
