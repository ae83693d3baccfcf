import type { Meta, StoryObj } from '@storybook/react-vite'
// Article.tsx is the guide's (docs/setup/storybook.md), written here when the app is set up.
import { Article } from './Article.tsx'

// Not the guide's: this app's check that a mistyped mockScenario fails the story, loudly.
const meta = {
  title: 'Checks/Scenario Typo',
  component: Article,
} satisfies Meta<typeof Article>

export default meta
type Story = StoryObj<typeof meta>

export const Typo: Story = {
  parameters: { mockScenario: 'emtpy' },
}
